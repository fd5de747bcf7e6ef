import { useEffect, useId, useState } from 'react'
import {
  CLIENT_SEED_PATTERN,
  type RotateSeedsResponse,
  type SeedPairResponse,
} from '../../../contract'
import { ProofDialog, type ProofStatus } from '../ui/ProofDialog'
import { useKitText } from '../ui/kitText'
import type { SeedsApi } from './seedsApi'

/** Props of `SeedsDialog`. */
export interface SeedsDialogProps {
  /** Test ids read `<game>.seeds-*`. */
  game: string
  api: SeedsApi
  onClose: () => void
}

/**
 * The player's seed pair: the hash of the active server seed, the client seed (editable), the
 * nonce of the next bet and the hash of the next server seed; rotating reveals the old server
 * seed in full (so every bet made with it can be checked) and starts a fresh pair at nonce 0.
 */
export function SeedsDialog({ game, api, onClose }: SeedsDialogProps) {
  const t = useKitText(game)
  const id = useId()
  const [pair, setPair] = useState<SeedPairResponse | null>(null)
  const [status, setStatus] = useState<ProofStatus>('loading')
  const [draft, setDraft] = useState('')
  const [previous, setPrevious] = useState<RotateSeedsResponse['previous'] | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    void api.get().then((answer) => {
      if (!live) return
      if (answer.ok) {
        setPair(answer.value)
        setDraft(answer.value.client_seed)
        setStatus('ready')
      } else setStatus('failed')
    })
    return () => {
      live = false
    }
  }, [api, attempt])
  const valid = CLIENT_SEED_PATTERN.test(draft)
  const save = async () => {
    const answer = await api.setClientSeed(draft)
    if (answer.ok) setPair(answer.value)
    setNote(answer.ok ? t('kit:seeds.saved') : t('kit:seeds.failed'))
  }
  const rotate = async () => {
    const answer = await api.rotate()
    if (answer.ok) {
      setPair(answer.value.active)
      setDraft(answer.value.active.client_seed)
      setPrevious(answer.value.previous)
      setNote(t('kit:seeds.rotated'))
    } else setNote(answer.reason === 'busy' ? t('kit:seeds.busy') : t('kit:seeds.failed'))
  }
  return (
    <ProofDialog
      game={game}
      testId={`${game}.seeds-dialog`}
      title={t('kit:seeds.title')}
      status={status}
      message={status === 'failed' ? t('kit:seeds.failed') : t('kit:seeds.loading')}
      closeLabel={t('kit:instant.close')}
      retry={{ label: t('kit:seeds.retry'), onRetry: () => setAttempt((n) => n + 1) }}
      onClose={onClose}
    >
      {pair ? (
        <>
          <dl>
            <dt>{t('kit:seeds.serverSeedHash')}</dt>
            <dd>
              <code data-testid={`${game}.seeds-hash`}>{pair.server_seed_hash}</code>
            </dd>
            <dt>{t('kit:seeds.nonce')}</dt>
            <dd data-testid={`${game}.seeds-nonce`}>{pair.nonce}</dd>
            <dt>{t('kit:seeds.nextHash')}</dt>
            <dd>
              <code>{pair.next_server_seed_hash}</code>
            </dd>
          </dl>
          <div className="game-panel__field">
            <label htmlFor={`${id}-client`}>{t('kit:seeds.clientSeed')}</label>
            <input
              id={`${id}-client`}
              data-testid={`${game}.seeds-client`}
              value={draft}
              maxLength={64}
              aria-invalid={!valid}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          <div className="game-dialog__actions">
            <button
              type="button"
              className="button button--ghost"
              data-testid={`${game}.seeds-save`}
              disabled={!valid || draft === pair.client_seed}
              onClick={() => void save()}
            >
              {t('kit:seeds.save')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              data-testid={`${game}.seeds-rotate`}
              onClick={() => void rotate()}
            >
              {t('kit:seeds.rotate')}
            </button>
          </div>
          {previous ? (
            <dl data-testid={`${game}.seeds-previous`}>
              <dt>{t('kit:seeds.previousSeed')}</dt>
              <dd>
                <code>{previous.server_seed}</code>
              </dd>
              <dt>{t('kit:seeds.previousBets')}</dt>
              <dd>{previous.nonce}</dd>
            </dl>
          ) : null}
          {note ? (
            <p role="status" data-testid={`${game}.seeds-note`}>
              {note}
            </p>
          ) : null}
        </>
      ) : null}
    </ProofDialog>
  )
}
