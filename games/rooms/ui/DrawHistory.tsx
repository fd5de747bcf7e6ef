import { useTranslation } from 'react-i18next'
import { formatMoney, type MoneyLocale } from '../../engine/money'
import type { RoomDraw, RoundId } from '../protocol'

/**
 * The room's last draws, latest first: the winner and what they were paid, each a link to its
 * proof (`?round=<id>`, the page's URL parameter, so a proof can be shared and reloaded).
 */
export function DrawHistory(props: {
  history: readonly RoomDraw[]
  locale: MoneyLocale
  proofHref: (round: RoundId) => string
  onOpenProof: (round: RoundId) => void
}) {
  const { t } = useTranslation()
  return (
    <section className="game-bets rooms-history" aria-labelledby="rooms-history-title">
      <h2 id="rooms-history-title">{t('rooms:history.title')}</h2>
      {props.history.length === 0 ? (
        <p className="game-bets__empty">{t('rooms:history.empty')}</p>
      ) : (
        <ol data-testid="rooms.history">
          {props.history.map((draw) => (
            <li key={draw.roundId} data-round-id={draw.roundId}>
              <a
                href={props.proofHref(draw.roundId)}
                data-testid="rooms.history-proof"
                onClick={(event) => {
                  // A plain click opens the proof in place; a modified one follows the link.
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
                  event.preventDefault()
                  props.onOpenProof(draw.roundId)
                }}
              >
                {t('rooms:history.winner', {
                  name: draw.winner.player ?? t('rooms:players.hidden'),
                  amount: formatMoney(draw.payout, draw.currency, props.locale),
                  round: draw.roundId,
                })}
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
