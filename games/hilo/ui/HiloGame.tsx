import { useTranslation } from 'react-i18next'
import type { GameShortcut } from '../../kit/stateful/ui/statefulHotkeys'
import { StatefulLayout } from '../../kit/stateful/ui/StatefulLayout'
import {
  statefulGameModule,
  type StatefulLayoutPage,
  type StatefulPageExtra,
} from '../../kit/stateful/ui/statefulPage'
import { LazyStatefulRoundProof as StatefulRoundProof } from '../../kit/stateful/ui/LazyStatefulRoundProof'
import type { GamePageProps } from '../../kit/ui/gameModule'
import { GamePage } from '../../kit/ui/GamePage'
import { useInstantSettings } from '../../kit/ui/instantSettings'
import { randomPick } from '../../kit/ui/randomPick'
import { hiloClient } from '../client'
import {
  hiloLogic,
  type HiloAction,
  type HiloOutcome,
  type HiloParams,
  type HiloView,
} from '../protocol'
import { toHiloSceneView, type HiloSceneView } from '../scene/hiloView'
import { guessOptions, HILO_SHORTCUTS, moveOfKey } from './guesses'
import { HiloGuesses } from './HiloGuesses'
import { announceRound, cardName, MOVE_KEYS } from './hiloText'
import './hilo.css'

/** Hilo's own page props, besides every game's: the `?bet=` proof. */
type HiloPageExtra = StatefulPageExtra<HiloParams, HiloAction, HiloOutcome, HiloView>

/** Props of `HiloGame`. */
export type HiloGameProps = GamePageProps & HiloPageExtra

/** The scene's code (and Pixi with it) loads after the page's first frame (see `CanvasHost`). */
const loadHiloScene = () => import('../scene/HiloScene').then((m) => new m.HiloScene())

/** Hilo takes no opening params: every round opens the same way. */
const PARAMS: HiloParams = {}

/**
 * Hilo's page: the kit's stateful layout with the table (the scene), the guess buttons over its
 * bottom band, hilo's keys (arrows, right arrow to skip), its announcements and its proof rows.
 */
function HiloLayout(
  props: StatefulLayoutPage<HiloParams, HiloAction, HiloOutcome, HiloView, HiloView>,
) {
  const { t } = useTranslation()
  const { locale } = props
  const round = props.snapshot.context.round
  const shown = round ? { roundId: round.roundId, status: round.status, view: round.view } : null
  const instant = useInstantSettings((s) => s.instantPlay)
  const view: HiloSceneView = toHiloSceneView(shown, instant, locale)
  const open = round !== null && round.status === 'open' ? round.view : null
  const shortcuts: readonly GameShortcut[] = HILO_SHORTCUTS
  return (
    <StatefulLayout<HiloParams, HiloAction, HiloOutcome, HiloView, HiloView, HiloSceneView>
      page={props}
      client={hiloClient}
      params={PARAMS}
      guestNote={t('hilo:panel.guest')}
      scene={{
        create: loadHiloScene,
        view,
        label: (money) =>
          !round
            ? t('hilo:scene.ready')
            : round.status === 'open'
              ? t('hilo:scene.open', {
                  card: cardName(t, round.view.cards.at(-1)!),
                  cards: round.view.cards.length,
                })
              : round.status === 'lost'
                ? t('hilo:scene.lost', { card: cardName(t, round.view.cards.at(-1)!) })
                : t('hilo:scene.won', { multiplier: view.running, amount: money(round.payout) }),
        overlay: (controls) => (
          <HiloGuesses
            view={open}
            canStep={controls.canStep}
            onMove={(move) => controls.step({ move })}
            locale={locale}
          />
        ),
      }}
      fields={() => <p className="hilo-note">{t('hilo:panel.cashoutAfter')}</p>}
      random={(r) => randomPick(guessOptions(r.view).map((o) => ({ move: o.move })))}
      shortcuts={{
        keys: shortcuts,
        run: (id, controls) => {
          const move = open ? moveOfKey(open, id) : null
          if (move !== null) controls.step({ move })
        },
      }}
      announce={(r, money) => announceRound(t, r, money, locale)}
      proof={({ roundId, load, onClose }) => (
        <StatefulRoundProof<HiloParams, HiloAction, HiloOutcome, HiloView>
          game="hilo"
          roundId={roundId}
          load={load}
          locale={locale}
          rules={hiloLogic.rules}
          stepText={({ action, outcome }) =>
            outcome
              ? `${t(MOVE_KEYS[action.move])}: ${cardName(t, outcome.card)}`
              : t(MOVE_KEYS[action.move])
          }
          rows={(proof) =>
            proof.reveal ? (
              <>
                <dt>{t('hilo:proof.cards')}</dt>
                <dd>{proof.reveal.cards.map((c) => cardName(t, c)).join(', ')}</dd>
              </>
            ) : null
          }
          onClose={onClose}
        />
      )}
    />
  )
}

/** Hilo as a kit game module. */
export const hiloModule = statefulGameModule(hiloClient, HiloLayout)

/** The live hilo game for the shell's /games/hilo page. */
export function HiloGame(props: HiloGameProps) {
  return <GamePage game={hiloModule} {...props} />
}
