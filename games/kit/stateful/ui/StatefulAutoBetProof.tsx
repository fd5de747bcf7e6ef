import { useState, type ReactNode } from 'react'
import type { z } from 'zod/mini'
import type { AnyInstantLogic } from '../../instant/define'
import {
  instantBetProofLoader,
  type InstantBetProofOf,
  type LoadInstantBetProof,
} from '../../instant/ui/betProof'
import { InstantBetProof } from '../../instant/ui/InstantBetProof'
import { formatMoney, type Currency, type Minor, type MoneyLocale } from '../../../engine/money'
import { useKitText } from '../../ui/kitText'
import { multiplierText } from '../money'

/** How a stateful game shows one of its auto-bets' proofs: the verdict's outcome and its rows. */
export interface StatefulAutoProofSlot<AP, AO> {
  /** The outcome as the verdict names it (miner: the mines' tiles; coinflip: the sides). */
  outcomeText: (outcome: AO) => string
  /** The game's rows (`<dt>`/`<dd>` pairs): what the auto-bet chose and what came (the kit adds the stake and the payout). */
  rows: (proof: InstantBetProofOf<AP, AO>) => ReactNode
}

/** Props of `StatefulAutoBetProof`. */
export interface StatefulAutoBetProofProps<AP, AO> extends StatefulAutoProofSlot<AP, AO> {
  /** Test ids read `<game>.proof`, `<game>.proof-verdict`. */
  game: string
  betId: string
  /** The game's auto play (`logic.auto`): the wire's schemas and the rules it was settled by. */
  logic: AnyInstantLogic
  /** The game's service, asked for the bet (`GET /api/games/bets/:id`). */
  serviceUrl: string
  /** How the proof is fetched (tests: a fake); the service's by default. */
  load?: LoadInstantBetProof<AP, AO>
  /** The money shown: the page's currency and language. */
  currency: Currency
  locale: MoneyLocale
  onClose: () => void
}

/**
 * One auto-bet of a stateful game (an instant bet on its namespace: miner's tiles opened at
 * once, coinflip's calls in a row), opened by URL: the instant kit's proof with the game's rows,
 * its outcome recomputed in the browser by the auto play's own rules.
 */
export function StatefulAutoBetProof<AP, AO>(props: StatefulAutoBetProofProps<AP, AO>) {
  const { game, logic, locale } = props
  const t = useKitText(game)
  const money = (value: number) => formatMoney(value as Minor, props.currency, locale)
  const [serviceLoad] = useState(() =>
    instantBetProofLoader<AP, AO>(
      // The game's own auto schemas (`AnyInstantLogic` types them loosely).
      {
        game,
        params: logic.params as z.ZodMiniType<AP>,
        outcome: logic.outcome as z.ZodMiniType<AO>,
      },
      props.serviceUrl,
    ),
  )
  return (
    <InstantBetProof<AP, AO>
      game={game}
      betId={props.betId}
      load={props.load ?? serviceLoad}
      rules={logic.rules}
      outcomeText={props.outcomeText}
      rows={(proof) => (
        <>
          {props.rows(proof)}
          <dt>{t('kit:stateful.proof.stake')}</dt>
          <dd>{money(proof.amount)}</dd>
          <dt>{t('kit:stateful.proof.payout')}</dt>
          <dd data-testid={`${game}.proof-payout`}>
            {`${money(proof.payout)} (${multiplierText(proof.multiplier, locale)})`}
          </dd>
        </>
      )}
      onClose={props.onClose}
    />
  )
}
