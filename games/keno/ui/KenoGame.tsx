import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, type Minor } from '../../engine/money'
import type { InstantResult } from '../../kit/instant/round.machine'
import { instantGameModule, type InstantPageExtra } from '../../kit/instant/ui/instantPage'
import { InstantLayout, type InstantLayoutPage } from '../../kit/instant/ui/InstantLayout'
import type { GamePageProps } from '../../kit/ui/gameModule'
import { GamePage } from '../../kit/ui/GamePage'
import { kenoClient } from '../client'
import {
  MAX_PICKS,
  bestMultiplier,
  hitsOf,
  isValidParams,
  type KenoOutcome,
  type KenoParams,
  type KenoRisk,
} from '../rules'
import { revealedHits, tileStates, type KenoView } from '../scene/kenoView'
import { KenoBetProof } from './KenoBetProof'
import { KenoBoard } from './KenoBoard'
import { KenoFields } from './KenoFields'
import { formatTableMultiplier, KenoPaytable } from './KenoPaytable'
import { cryptoRandomIndex } from '../../kit/ui/randomPick'
import { autoPick, togglePick } from './picks'
import { useDrawReveal } from './useDrawReveal'
import './keno.css'

/** Keno's own page props, besides every game's: the `?bet=` proof. */
type KenoPageExtra = InstantPageExtra<KenoParams, KenoOutcome>

/** Props of `KenoGame`. */
export type KenoGameProps = GamePageProps & KenoPageExtra

type KenoBet = InstantResult<KenoParams, KenoOutcome>

/** The scene's code (and Pixi with it) loads after the page's first frame (see `CanvasHost`). */
const loadKenoScene = () => import('../scene/KenoScene').then((m) => new m.KenoScene())

const hitCount = (bet: KenoBet) => hitsOf(bet.params.picks, bet.outcome.drawn).length

/**
 * Keno's page: the kit's instant layout with the board (the scene's tiles, the number buttons
 * over them and the pay table under them), keno's fields in the panel and its texts.
 */
function KenoLayout(props: InstantLayoutPage<KenoParams, KenoOutcome>) {
  const { t } = useTranslation()
  const { player, locale } = props
  const { last, instant } = props.snapshot.context
  const [picks, setPicks] = useState<number[]>([])
  const [risk, setRisk] = useState<KenoRisk>('classic')
  const [autoCount, setAutoCount] = useState(MAX_PICKS)
  /** The bet whose draw the player set aside by changing the picks or the risk. */
  const [setAside, setSetAside] = useState<string | null>(null)
  const shown = last && last.betId !== setAside ? last : null
  const revealed = useDrawReveal(shown?.betId ?? null, shown?.outcome.drawn.length ?? 0, instant)
  const params: KenoParams = { picks, risk }
  const valid = isValidParams(params)
  const money = (value: number) => formatMoney(value as Minor, player?.currency ?? 'RUB', locale)
  const multiplier = (bet: KenoBet) => formatTableMultiplier(bet.multiplier, locale)
  const view: KenoView = {
    picks: shown ? shown.params.picks : picks,
    drawn: shown?.outcome.drawn ?? [],
    revealed,
    betId: shown?.betId ?? null,
    // Short enough for the band under the board on a phone.
    result: shown
      ? {
          won: shown.payout > 0,
          text:
            shown.payout > 0
              ? t('keno:scene.won', {
                  hits: hitCount(shown),
                  multiplier: multiplier(shown),
                  amount: money(shown.payout),
                })
              : t('keno:scene.lost', { hits: hitCount(shown) }),
        }
      : null,
  }
  const resultText = (bet: KenoBet, amount: (value: number) => string) =>
    bet.payout > 0
      ? t('keno:result.won', {
          hits: hitCount(bet),
          multiplier: multiplier(bet),
          amount: amount(bet.payout),
        })
      : t('keno:result.lost', { hits: hitCount(bet) })
  const edit = (locked: boolean, change: () => void) => {
    if (locked) return
    setSetAside(last?.betId ?? null)
    change()
  }
  const complete = shown !== null && revealed >= shown.outcome.drawn.length
  return (
    <InstantLayout
      page={props}
      client={kenoClient}
      params={valid ? params : null}
      multiplier={valid ? bestMultiplier(risk, picks.length) : null}
      guestNote={t('keno:panel.guest')}
      scene={{
        create: loadKenoScene,
        view,
        label: (amount) =>
          shown
            ? complete
              ? resultText(shown, amount)
              : t('keno:scene.drawing')
            : t('keno:scene.ready', { picked: picks.length }),
        overlay: (locked) => (
          <KenoBoard
            states={tileStates(view)}
            full={picks.length >= MAX_PICKS}
            onToggle={
              locked ? null : (n) => edit(locked, () => setPicks((now) => togglePick(now, n)))
            }
            table={
              <KenoPaytable
                risk={shown ? shown.params.risk : risk}
                picks={view.picks.length}
                hits={shown ? revealedHits(view) : null}
                locale={locale}
              />
            }
          />
        ),
      }}
      fields={(locked) => (
        <KenoFields
          risk={risk}
          onRisk={(next) => edit(locked, () => setRisk(next))}
          picked={picks.length}
          autoCount={autoCount}
          onAutoCount={setAutoCount}
          onAutoPick={() => edit(locked, () => setPicks(autoPick(autoCount, cryptoRandomIndex)))}
          onClear={() => edit(locked, () => setPicks([]))}
          disabled={locked}
        />
      )}
      strip={{
        text: (bet) => `${hitCount(bet)}/${bet.params.picks.length}`,
        label: (bet) =>
          t('keno:history.item', { hits: hitCount(bet), picked: bet.params.picks.length }),
      }}
      result={{
        text: resultText,
        data: (bet) => ({ 'data-drawn': bet.outcome.drawn.join(',') }),
      }}
      proof={({ betId, load, onClose }) => (
        <KenoBetProof betId={betId} load={load} onClose={onClose} />
      )}
    />
  )
}

/** Keno as a kit game module. */
export const kenoModule = instantGameModule(kenoClient, KenoLayout)

/** The live keno game for the shell's /games/keno page. */
export function KenoGame(props: KenoGameProps) {
  return <GamePage game={kenoModule} {...props} />
}
