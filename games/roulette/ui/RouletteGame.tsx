import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { betLimits, formatMoney, type Minor } from '../../engine/money'
import { instantGameModule, type InstantPageExtra } from '../../kit/instant/ui/instantPage'
import { InstantLayout, type InstantLayoutPage } from '../../kit/instant/ui/InstantLayout'
import type { GamePageProps } from '../../kit/ui/gameModule'
import { GamePage } from '../../kit/ui/GamePage'
import { rouletteClient } from '../client'
import { rouletteGame } from '../game'
import type { RouletteOutcome, RouletteParams } from '../rules'
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

/** The wheel's code (and Pixi with it) loads after the page's first frame (see `CanvasHost`). */
const loadRouletteScene = () => import('../scene/RouletteScene').then((m) => new m.RouletteScene())

/** Roulette's own page props, besides every game's: the `?bet=` proof of a spin. */
type RoulettePageExtra = InstantPageExtra<RouletteParams, RouletteOutcome>

/** Props of `RouletteGame`. */
export type RouletteGameProps = GamePageProps & RoulettePageExtra

/**
 * Roulette's page: the kit's instant layout with the wheel, the table of chips above the panel,
 * the chips in it, and the hot and cold numbers beside the recent pockets.
 */
function RouletteLayout(props: InstantLayoutPage<RouletteParams, RouletteOutcome>) {
  const { t } = useTranslation()
  const pocketName = usePocketName()
  const { snapshot, player, locale } = props
  const { context } = snapshot
  const currency = player?.currency ?? null
  const values = useMemo(() => (currency ? chipValues(currency) : []), [currency])
  const limits = currency ? betLimits(rouletteGame.limits, currency) : null
  const max = (limits?.max ?? 0) as Minor
  const [chip, setChip] = useState<Minor>(() => values[0] ?? (0 as Minor))
  const [table, setTable] = useState(EMPTY_TABLE)
  const last = context.last
  const total = totalOf(table.stacks)
  const params: RouletteParams = { bets: betsOf(table.stacks) }
  const lastBets = last?.params.bets ?? null
  const money = (value: number) => formatMoney(value as Minor, currency ?? 'RUB', locale)
  return (
    <InstantLayout
      page={props}
      client={rouletteClient}
      params={params}
      canBet={total > 0}
      multiplier={null}
      stake={limits && total >= limits.min ? total : null}
      guestNote={t('roulette:panel.guest')}
      autobetNote={t('roulette:autobet.note')}
      scene={{
        create: loadRouletteScene,
        view: toRouletteView(last, context.instant),
        label: () =>
          last
            ? t('roulette:scene.landed', { pocket: pocketName(last.outcome.pocket) })
            : t('roulette:scene.ready'),
      }}
      // A run bets the layout on the table as it was at Start: the table stays as it is until
      // it ends.
      beforePanel={(locked) => (
        <RouletteTable
          currency={currency}
          stacks={table.stacks}
          pocket={last?.outcome.pocket ?? null}
          onPlace={
            currency !== null && !locked
              ? (id) => setTable((now) => placeChip(now, id, chip, max))
              : null
          }
        />
      )}
      fields={(locked) => {
        if (!currency) return null
        const when = (ok: boolean, run: () => void) => (!locked && ok ? run : null)
        return (
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
        )
      }}
      aside={<HotColdNumbers pockets={context.recent.map((spin) => spin.outcome.pocket)} />}
      strip={{
        text: (spin) => String(spin.outcome.pocket),
        label: (spin) => t('roulette:history.item', { pocket: pocketName(spin.outcome.pocket) }),
      }}
      result={{
        text: (spin) =>
          spin.payout > 0
            ? t('roulette:result.won', {
                pocket: pocketName(spin.outcome.pocket),
                amount: money(spin.payout),
              })
            : t('roulette:result.lost', { pocket: pocketName(spin.outcome.pocket) }),
        data: (spin) => ({ 'data-pocket': spin.outcome.pocket }),
      }}
      proof={({ currency: proofCurrency, ...proof }) =>
        proofCurrency === null ? null : (
          <RouletteBetProof {...proof} currency={proofCurrency} locale={locale} />
        )
      }
    />
  )
}

/** Roulette as a kit game module. */
export const rouletteModule = instantGameModule(rouletteClient, RouletteLayout)

/** The live roulette game for the shell's /games/roulette page. */
export function RouletteGame(props: RouletteGameProps) {
  return <GamePage game={rouletteModule} {...props} />
}
