import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SnapshotFrom } from 'xstate'
import { formatMoney, type Minor } from '../../engine/money'
import { MULTIPLIER_SCALE } from '../../kit/instant/protocol'
import type { InstantResult } from '../../kit/instant/round.machine'
import { newCommandKey } from '../../kit/stream/commandKey'
import { initialAmountText } from '../../kit/ui/AmountField'
import { GameFrame } from '../../kit/ui/GameFrame'
import type { GameHooks, GameLayoutProps, GameModule, GamePageProps } from '../../kit/ui/gameModule'
import {
  instantPageHooks,
  instantRoundInput,
  useInstantLayout,
  type InstantPageExtra,
} from '../../kit/instant/ui/instantPage'
import { GamePage } from '../../kit/ui/GamePage'
import { InstantBetPanel, instantErrorKey } from '../../kit/instant/ui/InstantBetPanel'
import { InstantLiveTables } from '../../kit/instant/ui/InstantLiveTables'
import { ProofDialog } from '../../kit/ui/ProofDialog'
import { ResultStrip } from '../../kit/ui/ResultStrip'
import { diceClient } from '../client'
import {
  chanceOf,
  formatHundredths,
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

const diceRoundMachine = diceClient.roundMachine
type Snapshot = SnapshotFrom<typeof diceRoundMachine>

/** Dice's own page props, besides every game's: the `?bet=` proof. */
type DicePageExtra = InstantPageExtra<DiceParams, DiceOutcome>

/** Props of `DiceGame`. */
export type DiceGameProps = GamePageProps & DicePageExtra

const noop = () => {}

/** Dice's proofs and auto-bet, for the kit's instant layout. */
const DICE_PAGE = {
  proof: { game: 'dice', params: diceClient.logic.params, outcome: diceClient.logic.outcome },
  autobet: diceClient.autobetMachine,
}

/** The scene's code (and Pixi with it) loads after the page's first frame (see `CanvasHost`). */
const loadDiceScene = () => import('../scene/DiceScene').then((m) => new m.DiceScene())
type DiceBet = InstantResult<DiceParams, DiceOutcome>

/** A settled bet's facts as the player can check them (the seed is shown once rotated). */
function BetFacts({ bet }: { bet: DiceBet }) {
  const { t } = useTranslation()
  return (
    <dl data-testid="dice.bet-facts">
      <dt>{t('dice:proof.roll')}</dt>
      <dd>{formatHundredths(bet.outcome.roll)}</dd>
      <dt>{t('dice:proof.target')}</dt>
      <dd>
        {t(bet.params.direction === 'over' ? 'dice:fields.over' : 'dice:fields.under')}{' '}
        {formatHundredths(bet.params.target)}
      </dd>
      <dt>{t('kit:proof.nonce')}</dt>
      <dd>{bet.nonce}</dd>
      <dt>{t('kit:proof.serverSeedHash')}</dt>
      <dd>
        <code>{bet.serverSeedHash}</code>
      </dd>
    </dl>
  )
}

/**
 * Dice's page: recent rolls, the slider scene with the bet panel beside it, and the live tables of
 * every instant game under them.
 */
function DiceLayout(props: GameLayoutProps<typeof diceRoundMachine> & DicePageExtra) {
  const { t } = useTranslation()
  const { actor, snapshot, player, locale } = props
  const { context } = snapshot
  const currency = player?.currency ?? null
  const [params, setParams] = useState<DiceParams>(DEFAULT_DICE_PARAMS)
  const [amountText, setAmountText] = useState(() =>
    currency ? initialAmountText('dice', currency) : '',
  )
  const { loadProof, seeds, autobet } = useInstantLayout(props, DICE_PAGE)
  const locked = snapshot.matches('betting') || autobet.status.running

  const view = toDiceView(params, context.last, context.instant)
  const viewKey = JSON.stringify(view)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableView = useMemo(() => view, [viewKey])
  const last = context.last
  const money = (value: number) => formatMoney(value as Minor, currency ?? 'RUB', locale)
  const sceneLabel = last
    ? t(isWin(last.params, last.outcome.roll) ? 'dice:scene.won' : 'dice:scene.lost', {
        roll: formatHundredths(last.outcome.roll),
        amount: money(last.payout),
      })
    : t('dice:scene.ready', { target: formatHundredths(params.target) })
  const valid = isValidParams(params)
  return (
    <>
      {props.proofBet ? (
        <DiceBetProof
          betId={props.proofBet}
          load={loadProof}
          onClose={props.onProofClosed ?? noop}
        />
      ) : null}
      <ResultStrip<DiceBet>
        game="dice"
        items={context.recent}
        idOf={(bet) => bet.betId}
        textOf={(bet) => formatHundredths(bet.outcome.roll)}
        toneOf={(bet) => (bet.payout > 0 ? 'mid' : 'low')}
        labelOf={(bet) => t('dice:history.item', { roll: formatHundredths(bet.outcome.roll) })}
        renderProof={(bet, close) => (
          <ProofDialog
            game="dice"
            title={t('kit:proof.title')}
            status="ready"
            message=""
            closeLabel={t('kit:instant.close')}
            onClose={close}
          >
            <BetFacts bet={bet} />
          </ProofDialog>
        )}
      />
      <GameFrame
        game="dice"
        createScene={loadDiceScene}
        view={stableView}
        label={sceneLabel}
        roundId={last?.betId ?? null}
        connection={props.connection}
        panel={
          <InstantBetPanel
            game="dice"
            currency={currency}
            guestNote={t('dice:panel.guest')}
            locale={locale}
            amountText={amountText}
            onAmountText={setAmountText}
            multiplier={valid ? multiplierFor(chanceOf(params)) : null}
            busy={snapshot.matches('betting')}
            canBet={valid}
            onBet={(amount) => actor.send({ type: 'BET', key: newCommandKey(), amount, params })}
            error={context.lastError ? t(instantErrorKey(context.lastError)) : null}
            seeds={seeds}
            autobet={{
              control: autobet,
              params: valid ? params : null,
              paramsValid: isValidParams,
            }}
          >
            <DiceFields params={params} onParams={setParams} disabled={locked} />
          </InstantBetPanel>
        }
      />
      {last ? (
        <p
          className={`dice-result dice-result--${last.payout > 0 ? 'won' : 'lost'}`}
          data-testid="dice.result"
          data-bet-id={last.betId}
          data-roll={last.outcome.roll}
          data-payout={last.payout}
          aria-live="polite"
        >
          {last.payout > 0
            ? t('dice:result.won', {
                roll: formatHundredths(last.outcome.roll),
                multiplier: (last.multiplier / MULTIPLIER_SCALE).toFixed(4),
                amount: money(last.payout),
              })
            : t('dice:result.lost', { roll: formatHundredths(last.outcome.roll) })}
        </p>
      ) : null}
      {props.live ? (
        <InstantLiveTables
          game="dice"
          live={props.live}
          getToken={props.getToken}
          locale={locale}
        />
      ) : null}
    </>
  )
}

/** How the kit's page reads the dice round. */
export const dicePageHooks: GameHooks<Snapshot> = instantPageHooks<Snapshot>()

/** Dice as a kit game module. */
export const diceModule: GameModule<typeof diceRoundMachine, DicePageExtra> = {
  id: 'dice',
  machine: (transport) => diceRoundMachine.provide({ actors: diceClient.commandActors(transport) }),
  input: instantRoundInput,
  connect: diceClient.connect,
  hooks: dicePageHooks,
  Layout: DiceLayout,
}

/** The live dice game for the shell's /games/dice page. */
export function DiceGame(props: DiceGameProps) {
  return <GamePage game={diceModule} {...props} />
}
