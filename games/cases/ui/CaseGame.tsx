import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SnapshotFrom } from 'xstate'
import type { CaseResponse } from '../../../contract'
import { formatMoney, type Minor } from '../../engine/money'
import { newCommandKey } from '../../kit/stream/commandKey'
import { GameFrame } from '../../kit/ui/GameFrame'
import { GamePage } from '../../kit/ui/GamePage'
import type { GameHooks, GameLayoutProps, GameModule, GamePageProps } from '../../kit/ui/gameModule'
import { instantErrorKey } from '../../kit/instant/ui/instantErrors'
import { LazyInstantLiveTables as InstantLiveTables } from '../../kit/instant/ui/LazyInstantLiveTables'
import { instantPageHooks, instantRoundInput } from '../../kit/instant/ui/instantPage'
import { useInstantSettings } from '../../kit/ui/instantSettings'
import { seedsApi } from '../../kit/seeds/seedsApi'
import { casesClient } from '../client'
import { CASE_TICKETS, itemIndexOfTicket, openingStake, type CaseTable } from '../rules'
import { openingView, restingView, spinDuration, type CaseView } from '../scene/caseView'
import { CaseProofOfPage, type CaseProofExtra } from './CaseBetProof'
import { CaseItems } from './CaseItems'
import { CasePanel } from './CasePanel'
import { loadCase, tableOf, type Loaded } from './catalogueApi'
import { textIn, useReveal } from './caseText'
import './cases.css'

const casesRoundMachine = casesClient.roundMachine
type Snapshot = SnapshotFrom<typeof casesRoundMachine>

/** The case page's own props, besides every game's: the case, and the `?bet=` proof. */
export type CaseGameExtra = CaseProofExtra & { slug: string }

/** Props of `CaseGame`. */
export type CaseGameProps = GamePageProps & CaseGameExtra

/** The scene's code (and Pixi with it) loads after the page's first frame (see `CanvasHost`). */
const loadCaseScene = () => import('../scene/CaseScene').then((m) => new m.CaseScene())

/** A spin on the strip: the server's opening, or a guest's demo (no money, drawn here). */
interface Spin {
  id: string
  drawn: number[]
  demo: boolean
  payout: Minor
}

/** A demo spin, shown until the player's next real opening (the opening it followed). */
interface DemoSpin extends Spin {
  after: string | null
}

/** The case from the catalogue, reloaded when the player asks again or the case changed. */
function useCase(serviceUrl: string, slug: string, generation: number) {
  const [loaded, setLoaded] = useState<Loaded<CaseResponse> | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    loadCase(serviceUrl, slug, controller.signal).then(setLoaded, () => {})
    return () => controller.abort()
  }, [serviceUrl, slug, generation])
  return loaded
}

/** A demo opening: `count` tickets drawn in the browser, never sent anywhere. */
function demoDraw(table: CaseTable, count: number): number[] {
  return Array.from({ length: count }, () =>
    itemIndexOfTicket(table, Math.floor(Math.random() * CASE_TICKETS) + 1),
  )
}

/**
 * One case's page: the strip scene with the opening panel beside it, every item with its exact
 * probability and the case's return to player under it, then the live tables.
 */
function CaseLayout(props: GameLayoutProps<typeof casesRoundMachine> & CaseGameExtra) {
  const { t, i18n } = useTranslation()
  const { actor, snapshot, player, locale, slug, serviceUrl, getToken } = props
  const { context } = snapshot
  const [generation, setGeneration] = useState(0)
  const loaded = useCase(serviceUrl, slug, generation)
  const [count, setCount] = useState(1)
  const [demo, setDemo] = useState<DemoSpin | null>(null)
  const instant = useInstantSettings((s) => s.instantPlay)
  const [seeds] = useState(() => (player ? seedsApi(serviceUrl, getToken) : null))
  useEffect(() => actor.send({ type: 'SET_INSTANT', instant }), [actor, instant])

  const kase = loaded?.type === 'ok' ? loaded.value : null
  const table = useMemo(() => (kase ? tableOf(kase) : null), [kase])
  // An opening refused because the case changed since the page read it: read it again.
  const error = context.lastError
  useEffect(() => {
    let previous = actor.getSnapshot().context.lastError
    const subscription = actor.subscribe((next) => {
      const now = next.context.lastError
      if (now === 'bad_request' && previous !== now) setGeneration((g) => g + 1)
      previous = now
    })
    return () => subscription.unsubscribe()
  }, [actor])

  const last = context.last?.params.case === slug ? context.last : null
  const served: Spin | null = useMemo(() => {
    if (!last || !table) return null
    const drawn = last.outcome.items.map((id) => table.items.findIndex((item) => item.id === id))
    return drawn.includes(-1) ? null : { id: last.betId, drawn, demo: false, payout: last.payout }
  }, [last, table])
  const spin = demo && demo.after === (served?.id ?? null) ? demo : served
  const language = i18n.language
  const view: CaseView | null = useMemo(() => {
    if (!table) return null
    const labelOf = (i: number) => textIn(table.items[i]!.name, language)
    return spin
      ? openingView(table, spin.drawn, labelOf, Math.random, spin.id, instant)
      : restingView(table, labelOf)
  }, [table, spin, instant, language])
  const revealed = useReveal(spin?.id ?? null, instant ? 0 : spinDuration(spin?.drawn.length ?? 1))

  if (!loaded) {
    return (
      <p className="cases-status" data-testid="cases.loading">
        {t('cases:case.loading')}
      </p>
    )
  }
  if (loaded.type === 'notFound') {
    return (
      <p className="cases-status" data-testid="cases.not-found">
        {t('cases:case.notFound', { slug })}
      </p>
    )
  }
  if (!kase || !table || !view) {
    return (
      <p className="cases-status" data-testid="cases.failed">
        {t('cases:case.failed')}{' '}
        <button type="button" className="button" onClick={() => setGeneration((g) => g + 1)}>
          {t('cases:case.retry')}
        </button>
      </p>
    )
  }

  const money = (value: number) => formatMoney(value as Minor, kase.currency, locale)
  const itemNames = (s: Spin) =>
    s.drawn.map((i) => textIn(table.items[i]!.name, language)).join(', ')
  const sceneLabel =
    spin && revealed
      ? t(spin.demo ? 'cases:scene.demo' : 'cases:scene.opened', {
          items: itemNames(spin),
          amount: money(spin.payout),
        })
      : t('cases:scene.ready', { name: textIn(kase.name, language) })
  const busy = snapshot.matches('betting')
  return (
    <>
      <div className="cases-head" data-testid="cases.head">
        <img src={kase.image} alt="" width={60} height={48} />
        <h2>{textIn(kase.name, language)}</h2>
        <span className="cases-head__price" data-testid="cases.price">
          {t('cases:case.price', { amount: money(kase.price) })}
        </span>
      </div>
      <GameFrame
        game="cases"
        createScene={loadCaseScene}
        view={view}
        label={sceneLabel}
        roundId={last?.betId ?? null}
        connection={props.connection}
        panel={
          <CasePanel
            kase={kase}
            locale={locale}
            currency={player?.currency ?? null}
            count={count}
            onCount={setCount}
            busy={busy}
            seeds={seeds}
            error={error && error !== 'bad_request' ? t(instantErrorKey(error)) : null}
            onOpen={() =>
              actor.send({
                type: 'BET',
                key: newCommandKey(),
                amount: openingStake(kase.price, count),
                params: { case: kase.slug, table: kase.table_hash, count },
              })
            }
            onDemo={() => {
              const drawn = demoDraw(table, count)
              const payout = drawn.reduce((sum, i) => sum + table.items[i]!.value, 0) as Minor
              setDemo((d) => ({
                id: `demo-${(d ? Number(d.id.slice(5)) : 0) + 1}`,
                drawn,
                demo: true,
                payout,
                after: served?.id ?? null,
              }))
            }}
          />
        }
      />
      {spin && revealed ? (
        <p
          className={`cases-result${spin.demo ? ' cases-result--demo' : ''}`}
          data-testid={spin.demo ? 'cases.demo-result' : 'cases.result'}
          data-bet-id={spin.demo ? undefined : spin.id}
          data-items={spin.drawn.length}
          data-item-ids={spin.drawn.map((i) => table.items[i]!.id).join(' ')}
          data-payout={spin.payout}
          aria-live="polite"
        >
          {t(spin.demo ? 'cases:result.demo' : 'cases:result.opened', {
            items: itemNames(spin),
            amount: money(spin.payout),
          })}
        </p>
      ) : null}
      <CaseItems kase={kase} locale={locale} />
      {props.live ? (
        <InstantLiveTables
          game="cases"
          live={props.live}
          getToken={props.getToken}
          locale={locale}
        />
      ) : null}
    </>
  )
}

/** How the kit's page reads the cases round. */
export const casesPageHooks: GameHooks<Snapshot> = instantPageHooks<Snapshot>()

/** Cases as a kit game module. */
export const casesModule: GameModule<typeof casesRoundMachine, CaseGameExtra> = {
  id: 'cases',
  machine: (transport) =>
    casesRoundMachine.provide({ actors: casesClient.commandActors(transport) }),
  input: instantRoundInput,
  connect: casesClient.connect,
  hooks: casesPageHooks,
  Layout: CaseLayout,
}

/** The live case page for the shell's /games/cases/{slug}, with the proof of its `?bet=`. */
export function CaseGame(props: CaseGameProps) {
  return (
    <>
      <GamePage game={casesModule} {...props} />
      <CaseProofOfPage {...props} />
    </>
  )
}
