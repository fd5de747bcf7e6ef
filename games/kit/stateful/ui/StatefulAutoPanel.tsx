/**
 * The Auto tab of a stateful game (miner, coinflip): its auto play is a one-trip instant bet
 * with the steps chosen beforehand (`StatefulLogic.auto`), served on the game's own namespace, so
 * the instant kit's round and auto-bet machines run it unchanged, here on the page's stream
 * (`GameStreamTap`). Loaded with the tab (`LazyStatefulAutoPanel`), it stays mounted while the
 * page lives, so a run goes on and the fields keep their text.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useEffectEvent, useState } from 'react'
import type { BetGame, Minor, MoneyLocale } from '../../../engine/money'
import type { AmountLimits } from '../../instant/autobet.machine'
import { instantMachines } from '../../instant/client'
import type { AnyInstantLogic } from '../../instant/define'
import type { InstantResult, InstantRoundEvent } from '../../instant/round.machine'
import { InstantAutoBetPanel } from '../../instant/ui/InstantAutoBetPanel'
import { instantRoundInput } from '../../instant/ui/instantPage'
import { useInstantAutobet } from '../../instant/ui/useInstantAutobet'
import type { GamePlayer } from '../../ui/gameModule'
import { useInstantSettings } from '../../ui/instantSettings'
import type { GameStreamTap } from '../../ui/streamTap'

/** Props of `StatefulAutoPanel`. */
export interface StatefulAutoPanelProps<P, O> {
  /** The game: its id names the bet on the wire, and test ids read `<game>.autobet.*`. */
  game: BetGame
  /** The game's auto play (`logic.auto`). */
  logic: AnyInstantLogic
  stream: GameStreamTap
  player: GamePlayer
  locale: MoneyLocale
  /** The stake from the panel's amount field; null while it is invalid. */
  amount: Minor | null
  limits: AmountLimits
  /** The steps the game's fields chose (miner's tiles, coinflip's calls); null: none yet. */
  params: P | null
  /** False while a round is open or the page is not connected. */
  canStart: boolean
  /** The game's line on what a run bets, above Start. */
  note?: string
  /** Each bet settled, with the balance after it (the round machine keeps it, the scene shows it). */
  onSettled: (result: InstantResult<P, O>, balance: Minor) => void
  /** A run started or ended: the panel locks the Manual tab and the stake meanwhile. */
  onRunning: (running: boolean) => void
}

/** One set of machines per game's auto logic: `useInstantAutobet` wants a constant machine. */
const machinesOf = new WeakMap<AnyInstantLogic, ReturnType<typeof instantMachines>>()

function autoMachines(game: BetGame, logic: AnyInstantLogic) {
  let machines = machinesOf.get(logic)
  if (!machines) {
    // A run's params are valid when they parse: the schemas hold the rules' checks (miner's
    // tiles distinct and within the board's safe tiles).
    machines = instantMachines({ id: game }, logic)
    machinesOf.set(logic, machines)
  }
  return machines
}

/** A stateful game's auto-bet: the instant auto-bet form over the instant round machine. */
export function StatefulAutoPanel<P, O>(props: StatefulAutoPanelProps<P, O>) {
  const { game, stream } = props
  const machines = autoMachines(game, props.logic)
  const [machine] = useState(() =>
    machines.roundMachine.provide({ actors: machines.commandActors(stream.transport) }),
  )
  const actor = useActorRef(machine, { input: instantRoundInput(props.player) })
  // The stream's snapshot (balance, seeds) and connection reports, as the round machine's own.
  useEffect(
    () => stream.listen({ send: (event) => actor.send(event as InstantRoundEvent<unknown>) }),
    [actor, stream],
  )
  const instant = useInstantSettings((s) => s.instantPlay)
  useEffect(() => actor.send({ type: 'SET_INSTANT', instant }), [actor, instant])
  const control = useInstantAutobet<unknown>(actor, machines.autobetMachine)
  const last = useSelector(actor, (s) => s.context.last)
  const settled = useEffectEvent((result: InstantResult<unknown, unknown>) => {
    const balance = actor.getSnapshot().context.balance
    if (balance !== null) props.onSettled(result as InstantResult<P, O>, balance)
  })
  useEffect(() => {
    if (last) settled(last)
  }, [last])
  const running = control.status.running
  const told = useEffectEvent((value: boolean) => props.onRunning(value))
  useEffect(() => told(running), [running])
  return (
    <InstantAutoBetPanel<unknown>
      game={game}
      currency={props.player.currency}
      locale={props.locale}
      amount={props.amount}
      limits={props.limits}
      params={props.params}
      paramsValid={machines.paramsValid}
      canStart={props.canStart}
      control={control}
      note={props.note}
    />
  )
}
