import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, type Minor } from '../../engine/money'
import type { GamePageProps } from '../../kit/ui/gameModule'
import { GamePage } from '../../kit/ui/GamePage'
import { useInstantSettings } from '../../kit/ui/instantSettings'
import { StatefulLayout } from '../../kit/stateful/ui/StatefulLayout'
import { LazyStatefulRoundProof as StatefulRoundProof } from '../../kit/stateful/ui/LazyStatefulRoundProof'
import {
  statefulGameModule,
  statefulPhase,
  type StatefulLayoutPage,
  type StatefulPageExtra,
} from '../../kit/stateful/ui/statefulPage'
import { minerClient } from '../client'
import type {
  MinerAction,
  MinerAutoOutcome,
  MinerAutoParams,
  MinerOutcome,
  MinerParams,
  MinerReveal,
  MinerView,
} from '../protocol'
import { minerStatefulRules } from '../protocol'
import type { MinerSceneView } from '../scene/minerView'
import { tileFaces } from '../scene/minerView'
import { announceAuto, autoSceneView, togglePick } from './minerAuto'
import { MinerAutoFields } from './MinerAutoFields'
import { MinerBoard } from './MinerBoard'
import { MinerFields } from './MinerFields'
import { announceRound, sceneLabel, sceneResult, type MinerTextEnv } from './minerText'
import { randomTile } from './tiles'
import './miner.css'

/** Props of `MinerGame`: every game's, and the `?bet=` proof. */
export type MinerGameProps = GamePageProps &
  StatefulPageExtra<MinerParams, MinerAction, MinerOutcome, MinerReveal>

/** The scene's code (and Pixi with it) loads after the page's first frame (see `CanvasHost`). */
const loadMinerScene = () => import('../scene/MinerScene').then((m) => new m.MinerScene())

const sorted = (tiles: readonly number[]) => [...tiles].sort((a, b) => a - b).join(', ')

/**
 * Miner's page: the kit's stateful layout with the board (the scene's tiles and the tile buttons
 * over them: a click or Enter reveals one tile as one step), the mine count in the panel, the
 * random tile, the sentences announced after each step and at the end, and the round's proof.
 */
function MinerLayout(
  props: StatefulLayoutPage<MinerParams, MinerAction, MinerOutcome, MinerView, MinerReveal>,
) {
  const { t } = useTranslation()
  const { locale } = props
  const { context } = props.snapshot
  const settings = useInstantSettings()
  const [mines, setMines] = useState(3)
  // The Auto tab's tiles, picked on the board: every auto-bet opens them all at once.
  const [picked, setPicked] = useState<number[]>([])
  const round = context.round
  const phase = statefulPhase(props.snapshot.value)
  const pending = context.pending?.type === 'step' ? context.pending.action.tiles : []
  const text = (money: (value: number) => string): MinerTextEnv => ({ t, money, locale })
  const view = (money: (value: number) => string): MinerSceneView => ({
    roundId: round?.roundId ?? null,
    revealed: round?.view.revealed ?? [],
    hit: round && round.status !== 'open' ? (round.steps.at(-1)?.outcome?.hit ?? []) : [],
    board: round?.reveal?.mines ?? null,
    pending: phase === 'stepping' ? pending : [],
    instant: settings.instantPlay,
    result: round ? sceneResult(round, text(money)) : null,
  })
  // The scene's result names money in the player's currency, as the frame's label does.
  const money = (value: number) =>
    formatMoney(value as Minor, props.player?.currency ?? 'RUB', locale)
  return (
    <StatefulLayout<
      MinerParams,
      MinerAction,
      MinerOutcome,
      MinerView,
      MinerReveal,
      MinerSceneView,
      MinerAutoParams,
      MinerAutoOutcome
    >
      page={props}
      client={minerClient}
      scene={{
        create: loadMinerScene,
        view: view(money),
        label: (format) => sceneLabel(round, mines, text(format)),
        overlay: (controls) => (
          <MinerBoard
            faces={tileFaces(view(money))}
            onReveal={controls.canStep ? (tile) => controls.step({ tiles: [tile] }) : null}
          />
        ),
      }}
      params={{ mines }}
      guestNote={t('miner:panel.guest')}
      fields={(locked) => <MinerFields mines={mines} onMines={setMines} disabled={locked} />}
      random={(open) => {
        const tile = randomTile(open.view.revealed)
        return tile === null ? null : { tiles: [tile] }
      }}
      announce={(shown, format) => announceRound(shown, text(format))}
      auto={{
        params: picked.length > 0 ? { mines, tiles: picked } : null,
        note: t('miner:auto.note'),
        fields: (locked) => (
          <MinerAutoFields
            mines={mines}
            onMines={setMines}
            picked={picked}
            onClear={() => setPicked([])}
            disabled={locked}
          />
        ),
        overlay: (locked) => (
          <MinerBoard
            faces={tileFaces({ revealed: [], hit: [], board: null, pending: [], picked })}
            picking
            onReveal={locked ? null : (tile) => setPicked((now) => togglePick(now, tile))}
          />
        ),
        view: (result) => autoSceneView(result, picked, settings.instantPlay, text(money)),
        announce: (result, format) => announceAuto(result, text(format)),
        proof: {
          outcomeText: (outcome) => t('miner:proof.autoOutcome', { tiles: sorted(outcome.mines) }),
          rows: (proof) => (
            <>
              <dt>{t('miner:fields.mines')}</dt>
              <dd data-testid="miner.proof-mines">{proof.params.mines}</dd>
              <dt>{t('miner:proof.picked')}</dt>
              <dd data-testid="miner.proof-picked">{sorted(proof.params.tiles)}</dd>
              <dt>{t('miner:proof.board')}</dt>
              <dd data-testid="miner.proof-board">{sorted(proof.outcome.mines)}</dd>
            </>
          ),
        },
      }}
      proof={({ roundId, load, locale: proofLocale, onClose }) => (
        <StatefulRoundProof
          game="miner"
          roundId={roundId}
          load={load}
          locale={proofLocale}
          rules={minerStatefulRules}
          stepText={(step) =>
            step.outcome && step.outcome.hit.length > 0
              ? t('miner:proof.mine', { tiles: sorted(step.action.tiles) })
              : t('miner:proof.safe', { tiles: sorted(step.action.tiles) })
          }
          rows={(proof) => (
            <>
              <dt>{t('miner:fields.mines')}</dt>
              <dd data-testid="miner.proof-mines">{proof.params.mines}</dd>
              {proof.reveal ? (
                <>
                  <dt>{t('miner:proof.board')}</dt>
                  <dd data-testid="miner.proof-board">{sorted(proof.reveal.mines)}</dd>
                </>
              ) : null}
            </>
          )}
          onClose={onClose}
        />
      )}
    />
  )
}

/** Miner as a kit game module. */
export const minerModule = statefulGameModule(minerClient, MinerLayout)

/** The live miner game for the shell's /games/miner page. */
export function MinerGame(props: MinerGameProps) {
  return <GamePage game={minerModule} {...props} />
}
