import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, type Minor } from '../../engine/money'
import { StatefulLayout } from '../../kit/stateful/ui/StatefulLayout'
import {
  statefulGameModule,
  type StatefulLayoutPage,
  type StatefulPageExtra,
} from '../../kit/stateful/ui/statefulPage'
import type { GamePageProps } from '../../kit/ui/gameModule'
import { GamePage } from '../../kit/ui/GamePage'
import { useInstantSettings } from '../../kit/ui/instantSettings'
import { coinflipClient } from '../client'
import {
  coinflipNextMultiplier,
  type CoinflipAction,
  type CoinflipOutcome,
  type CoinflipParams,
  type CoinflipReveal,
  type CoinflipView,
} from '../protocol'
import { toCoinflipView } from '../scene/coinflipView'
import type { Side } from '../rules'
import { announceAuto, autoSceneView, type CoinflipAutoResult } from './coinflipAuto'
import { CoinflipAutoFields } from './CoinflipAutoFields'
import { CoinflipControls } from './CoinflipControls'
import { CoinflipFields } from './CoinflipFields'
import { callOfShortcut, COINFLIP_SHORTCUTS, randomCall } from './coinflipKeys'
import { CoinflipRoundProof } from './CoinflipRoundProof'
import { announceRound, faceWords, sceneCaption, sceneLabel, sideNames } from './coinflipText'
import './coinflip.css'

type P = CoinflipParams
type A = CoinflipAction
type O = CoinflipOutcome
type W = CoinflipView
type R = CoinflipReveal

/** Props of `CoinflipGame`: every game's, and the `?bet=` proof. */
export type CoinflipGameProps = GamePageProps & StatefulPageExtra<P, A, O, R>

/** The scene's code (and Pixi with it) loads after the page's first frame (see `CanvasHost`). */
const loadCoinflipScene = () => import('../scene/CoinflipScene').then((m) => new m.CoinflipScene())

/** An opening has nothing to choose: every opening is this one. */
const OPENING: P = {}

/**
 * Coinflip's page: the kit's stateful layout with the coin (the scene), the Heads and Tails
 * buttons over it, each with the multiplier a correct call reaches, H and T as keys, a random
 * call drawn in the browser, and each flip's result announced.
 */
function CoinflipLayout(props: StatefulLayoutPage<P, A, O, W, R>) {
  const { t } = useTranslation()
  const { player, locale } = props
  const { round, pending } = props.snapshot.context
  const instant = useInstantSettings((s) => s.instantPlay)
  const currency = round?.currency ?? player?.currency ?? 'RUB'
  const money = (value: number) => formatMoney(value as Minor, currency, locale)
  const spinning = pending?.type === 'step' ? pending.action.call : null
  const open = round !== null && round.status === 'open'
  const next = open ? coinflipNextMultiplier(round.view) : null
  const caption = sceneCaption(round, money, t, locale)
  // The Auto tab's calls: every auto-bet flips them in order, up to the first wrong one.
  const [calls, setCalls] = useState<Side[]>(['heads'])
  return (
    <StatefulLayout
      page={props}
      client={coinflipClient}
      params={OPENING}
      guestNote={t('coinflip:panel.guest')}
      scene={{
        create: loadCoinflipScene,
        view: toCoinflipView(round, spinning, instant, faceWords(t), caption),
        label: () => sceneLabel(caption, spinning, t),
        overlay: (controls) => (
          <CoinflipControls
            next={next}
            canCall={controls.canStep}
            pending={spinning}
            onCall={(call) => controls.step({ call })}
            locale={locale}
          />
        ),
      }}
      fields={() => <CoinflipFields />}
      random={() => ({ call: randomCall() })}
      shortcuts={{
        keys: COINFLIP_SHORTCUTS,
        run: (id, controls) => {
          const call = callOfShortcut(id)
          if (call !== null) controls.step({ call })
        },
      }}
      announce={(shown, format) => announceRound(shown, format, t, locale)}
      proof={(proof) => <CoinflipRoundProof {...proof} />}
      auto={{
        params: calls.length > 0 ? { calls } : null,
        note: t('coinflip:auto.note'),
        // A run flips the calls chosen in the panel: no call goes from over the coin.
        overlay: () => null,
        fields: (locked) => (
          <CoinflipAutoFields calls={calls} onCalls={setCalls} disabled={locked} locale={locale} />
        ),
        view: (result: CoinflipAutoResult | null) =>
          autoSceneView(result, instant, faceWords(t), money, t, locale),
        announce: (result: CoinflipAutoResult, format) => announceAuto(result, format, t, locale),
        proof: {
          outcomeText: (outcome: { sides: Side[] }) =>
            // Mid-sentence, the sides are lower case: "the coin landed heads, tails".
            t('coinflip:proof.autoOutcome', { sides: sideNames(outcome.sides, t).toLowerCase() }),
          rows: (proof) => (
            <>
              <dt>{t('coinflip:proof.calls')}</dt>
              <dd data-testid="coinflip.proof-calls">{sideNames(proof.params.calls, t)}</dd>
              <dt>{t('coinflip:proof.sides')}</dt>
              <dd data-testid="coinflip.proof-sides">{sideNames(proof.outcome.sides, t)}</dd>
            </>
          ),
        },
      }}
    />
  )
}

/** Coinflip as a kit game module. */
export const coinflipModule = statefulGameModule(coinflipClient, CoinflipLayout)

/** The live coinflip game for the shell's /games/coinflip page. */
export function CoinflipGame(props: CoinflipGameProps) {
  return <GamePage game={coinflipModule} {...props} />
}
