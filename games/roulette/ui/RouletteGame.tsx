import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SnapshotFrom } from 'xstate'
import { betLimits, formatMoney, type Minor } from '../../engine/money'
import type { InstantResult } from '../../kit/instant/round.machine'
import { newCommandKey } from '../../kit/stream/commandKey'
import { GameFrame } from '../../kit/ui/GameFrame'
import type { GameHooks, GameLayoutProps, GameModule, GamePageProps } from '../../kit/ui/gameModule'
import {
  instantPageHooks,
  instantRoundInput,
  useInstantLayout,
  type InstantPageExtra,
} from '../../kit/instant/ui/instantPage'
import { InstantLiveTables } from '../../kit/instant/ui/InstantLiveTables'
import { GamePage } from '../../kit/ui/GamePage'
import { InstantBetPanel, instantErrorKey } from '../../kit/instant/ui/InstantBetPanel'
import { ResultStrip } from '../../kit/ui/ResultStrip'
import { rouletteClient } from '../client'
import { isValidSpin, type RouletteOutcome, type RouletteParams } from '../rules'
import { toRouletteView } from '../scene/rouletteView'
import {
  EMPTY_TABLE,
  betsOf,
  chipValues,
  clearChips,
  doubleChips,
  placeChip,
  repeatBets,
  totalOf,
  undoChip,
} from './chips'
import { HotColdNumbers } from './HotColdNumbers'
import { usePocketName } from './names'
import { RouletteBetProof } from './RouletteBetProof'
import { RouletteChips } from './RouletteChips'
import { RouletteTable } from './RouletteTable'
import './roulette.css'

const rouletteRoundMachine = rouletteClient.roundMachine
type Snapshot = SnapshotFrom<typeof rouletteRoundMachine>
type Spin = InstantResult<RouletteParams, RouletteOutcome>

/** The wheel's code (and Pixi with it) loads after the page's first frame (see `CanvasHost`). */
const loadRouletteScene = () => import('../scene/RouletteScene').then((m) => new m.RouletteScene())

/** Roulette's own page props, besides every game's: the `?bet=` proof of a spin. */
type RoulettePageExtra = InstantPageExtra<RouletteParams, RouletteOutcome>

/** Props of `RouletteGame`. */
export type RouletteGameProps = GamePageProps & RoulettePageExtra

const noop = () => {}

/** Roulette's proofs and auto-bet, for the kit's instant layout. */
const ROULETTE_PAGE = {
  proof: {
    game: 'roulette',
    params: rouletteClient.logic.params,
    outcome: rouletteClient.logic.outcome,
  },
  autobet: rouletteClient.autobetMachine,
}

/** Roulette's page: recent pockets, the wheel, the table of chips and the bet panel. */
function RouletteLayout(props: GameLayoutProps<typeof rouletteRoundMachine> & RoulettePageExtra) {
  const { t } = useTranslation()
  const pocketName = usePocketName()
  const { actor, snapshot, player, locale } = props
  const { context } = snapshot
  const currency = player?.currency ?? null
  const values = useMemo(() => (currency ? chipValues(currency) : []), [currency])
  const limits = currency ? betLimits('roulette', currency) : null
  const max = (limits?.max ?? 0) as Minor
  const [chip, setChip] = useState<Minor>(() => values[0] ?? (0 as Minor))
  const [table, setTable] = useState(EMPTY_TABLE)
  const { loadProof, seeds, autobet } = useInstantLayout(props, ROULETTE_PAGE)

  const last = context.last
  const betId = last?.betId ?? null
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const view = useMemo(() => toRouletteView(last, context.instant), [betId, context.instant])
  const busy = snapshot.matches('betting')
  const total = totalOf(table.stacks)
  // A run bets the layout on the table as it was at Start: the table stays as it is until it ends.
  const editable = currency !== null && !busy && !autobet.status.running
  const params: RouletteParams = { bets: betsOf(table.stacks) }
  const when = (ok: boolean, run: () => void) => (editable && ok ? run : null)
  const lastBets = last?.params.bets ?? null
  const money = (value: number) => formatMoney(value as Minor, currency ?? 'RUB', locale)
  const sceneLabel = last
    ? t('roulette:scene.landed', { pocket: pocketName(last.outcome.pocket) })
    : t('roulette:scene.ready')
  return (
    <>
      {props.proofBet && currency !== null ? (
        <RouletteBetProof
          betId={props.proofBet}
          load={loadProof}
          currency={currency}
          locale={locale}
          onClose={props.onProofClosed ?? noop}
        />
      ) : null}
      <div className="roulette-recent">
        <ResultStrip<Spin>
          game="roulette"
          items={context.recent}
          idOf={(spin) => spin.betId}
          textOf={(spin) => String(spin.outcome.pocket)}
          toneOf={(spin) => (spin.payout > 0 ? 'mid' : 'low')}
          labelOf={(spin) =>
            t('roulette:history.item', { pocket: pocketName(spin.outcome.pocket) })
          }
          renderProof={(spin, close) => (
            <RouletteBetProof
              betId={spin.betId}
              load={loadProof}
              currency={spin.currency}
              locale={locale}
              onClose={close}
            />
          )}
        />
        <HotColdNumbers pockets={context.recent.map((spin) => spin.outcome.pocket)} />
      </div>
      <GameFrame
        game="roulette"
        createScene={loadRouletteScene}
        view={view}
        label={sceneLabel}
        roundId={betId}
        connection={props.connection}
        panel={
          <>
            <RouletteTable
              currency={currency}
              stacks={table.stacks}
              pocket={last?.outcome.pocket ?? null}
              onPlace={editable ? (id) => setTable((now) => placeChip(now, id, chip, max)) : null}
            />
            <InstantBetPanel
              game="roulette"
              currency={currency}
              guestNote={t('roulette:panel.guest')}
              locale={locale}
              stake={limits && total >= limits.min ? total : null}
              multiplier={null}
              busy={busy}
              canBet={total > 0}
              onBet={(amount) => actor.send({ type: 'BET', key: newCommandKey(), amount, params })}
              error={context.lastError ? t(instantErrorKey(context.lastError)) : null}
              seeds={seeds}
              autobet={{
                control: autobet,
                params: isValidSpin(params) ? params : null,
                paramsValid: isValidSpin,
                note: t('roulette:autobet.note'),
              }}
            >
              {currency ? (
                <RouletteChips
                  currency={currency}
                  locale={locale}
                  values={values}
                  chip={chip}
                  onChip={setChip}
                  total={total}
                  onUndo={when(table.history.length > 0, () => setTable(undoChip))}
                  onClear={when(total > 0, () => setTable((now) => clearChips(now, max)))}
                  onRepeat={when(lastBets !== null, () =>
                    setTable((now) => repeatBets(now, lastBets ?? [], max)),
                  )}
                  onDouble={when(total > 0 && total * 2 <= max, () =>
                    setTable((now) => doubleChips(now, max)),
                  )}
                />
              ) : null}
            </InstantBetPanel>
          </>
        }
      />
      {last ? (
        <p
          className={`roulette-result roulette-result--${last.payout > 0 ? 'won' : 'lost'}`}
          data-testid="roulette.result"
          data-bet-id={last.betId}
          data-pocket={last.outcome.pocket}
          data-payout={last.payout}
          aria-live="polite"
        >
          {last.payout > 0
            ? t('roulette:result.won', {
                pocket: pocketName(last.outcome.pocket),
                amount: money(last.payout),
              })
            : t('roulette:result.lost', { pocket: pocketName(last.outcome.pocket) })}
        </p>
      ) : null}
      {props.live ? (
        <InstantLiveTables
          game="roulette"
          live={props.live}
          getToken={props.getToken}
          locale={locale}
        />
      ) : null}
    </>
  )
}

/** How the kit's page reads the roulette round. */
export const roulettePageHooks: GameHooks<Snapshot> = instantPageHooks<Snapshot>()

/** Roulette as a kit game module. */
export const rouletteModule: GameModule<typeof rouletteRoundMachine, RoulettePageExtra> = {
  id: 'roulette',
  machine: (transport) =>
    rouletteRoundMachine.provide({ actors: rouletteClient.commandActors(transport) }),
  input: instantRoundInput,
  connect: rouletteClient.connect,
  hooks: roulettePageHooks,
  Layout: RouletteLayout,
}

/** The live roulette game for the shell's /games/roulette page. */
export function RouletteGame(props: RouletteGameProps) {
  return <GamePage game={rouletteModule} {...props} />
}
