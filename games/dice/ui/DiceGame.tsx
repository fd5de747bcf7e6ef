import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { decimalSign, formatDecimal } from '../../engine/money'
import { MULTIPLIER_SCALE } from '../../kit/instant/protocol'
import { instantGameModule, type InstantPageExtra } from '../../kit/instant/ui/instantPage'
import { InstantLayout, type InstantLayoutPage } from '../../kit/instant/ui/InstantLayout'
import type { GamePageProps } from '../../kit/ui/gameModule'
import { GamePage } from '../../kit/ui/GamePage'
import { diceClient } from '../client'
import {
  chanceOf,
  isValidParams,
  isWin,
  multiplierFor,
  type DiceOutcome,
  type DiceParams,
} from '../rules'
import { toDiceView } from '../scene/diceView'
import { DiceBetProof } from './DiceBetProof'
import { DiceFields } from './DiceFields'
import { DEFAULT_DICE_PARAMS } from './diceFields'
import './dice.css'

/** Dice's own page props, besides every game's: the `?bet=` proof. */
type DicePageExtra = InstantPageExtra<DiceParams, DiceOutcome>

/** Props of `DiceGame`. */
export type DiceGameProps = GamePageProps & DicePageExtra

/** The scene's code (and Pixi with it) loads after the page's first frame (see `CanvasHost`). */
const loadDiceScene = () => import('../scene/DiceScene').then((m) => new m.DiceScene())

/** Dice's page: the kit's instant layout with the slider scene, dice's fields and its texts. */
function DiceLayout(props: InstantLayoutPage<DiceParams, DiceOutcome>) {
  const { t } = useTranslation()
  const [params, setParams] = useState<DiceParams>(DEFAULT_DICE_PARAMS)
  const { last, instant } = props.snapshot.context
  const valid = isValidParams(params)
  const { locale } = props
  // Rolls and targets in the player's language (`49,50` in Russian), as money is.
  const hundredths = (value: number) => formatDecimal(value / 100, locale)
  const roll = (bet: { outcome: DiceOutcome }) => hundredths(bet.outcome.roll)
  return (
    <InstantLayout
      page={props}
      client={diceClient}
      params={valid ? params : null}
      multiplier={valid ? multiplierFor(chanceOf(params)) : null}
      guestNote={t('dice:panel.guest')}
      scene={{
        create: loadDiceScene,
        view: toDiceView(params, last, instant, decimalSign(locale)),
        label: (money) =>
          last
            ? t(isWin(last.params, last.outcome.roll) ? 'dice:scene.won' : 'dice:scene.lost', {
                roll: roll(last),
                amount: money(last.payout),
              })
            : t('dice:scene.ready', { target: hundredths(params.target) }),
      }}
      fields={(locked) => (
        <DiceFields params={params} onParams={setParams} disabled={locked} locale={locale} />
      )}
      strip={{ text: roll, label: (bet) => t('dice:history.item', { roll: roll(bet) }) }}
      result={{
        text: (bet, money) =>
          bet.payout > 0
            ? t('dice:result.won', {
                roll: roll(bet),
                multiplier: formatDecimal(bet.multiplier / MULTIPLIER_SCALE, locale, 4),
                amount: money(bet.payout),
              })
            : t('dice:result.lost', { roll: roll(bet) }),
        data: (bet) => ({ 'data-roll': bet.outcome.roll }),
      }}
      proof={(proof) => <DiceBetProof {...proof} locale={locale} />}
    />
  )
}

/** Dice as a kit game module. */
export const diceModule = instantGameModule(diceClient, DiceLayout)

/** The live dice game for the shell's /games/dice page. */
export function DiceGame(props: DiceGameProps) {
  return <GamePage game={diceModule} {...props} />
}
