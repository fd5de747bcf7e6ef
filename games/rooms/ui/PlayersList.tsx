import { useTranslation } from 'react-i18next'
import type { MoneyLocale } from '../../engine/money'
import type { PurchaseId, PurchaseRow } from '../protocol'
import { chanceOf, chancePercent } from '../rules'
import { formatPercent } from './percent'
import { cssColour } from '../scene/palette'
import { PlayerAvatar } from './PlayerAvatar'

/** A player of the round as the list shows them: their tickets summed over their purchases. */
export interface RoundPlayer {
  /** Public name, or null while hidden. */
  name: string | null
  avatar: string | null
  colour: number
  tickets: number
  mine: boolean
}

/**
 * The round's players in order of their first purchase. A buyer is known by their colour, which
 * is theirs for the whole round (`playerColours`), so hidden players stay apart.
 */
export function roundPlayers(
  purchases: readonly PurchaseRow[],
  mine: readonly PurchaseId[],
): RoundPlayer[] {
  const players = new Map<number, RoundPlayer>()
  for (const p of purchases) {
    const known = players.get(p.colour)
    const own = mine.includes(p.purchaseId)
    if (known && known.name === p.player) {
      players.set(p.colour, { ...known, tickets: known.tickets + p.count, mine: known.mine || own })
    } else if (!known) {
      players.set(p.colour, {
        name: p.player,
        avatar: p.avatar,
        colour: p.colour,
        tickets: p.count,
        mine: own,
      })
    } else {
      // Colours cycle past 12 players: a thirteenth player shares a colour, not a row.
      players.set(p.colour + 1000 * players.size, {
        name: p.player,
        avatar: p.avatar,
        colour: p.colour,
        tickets: p.count,
        mine: own,
      })
    }
  }
  return [...players.values()]
}

/** The live list of the round's players with their tickets and chances. */
export function PlayersList(props: {
  purchases: readonly PurchaseRow[]
  mine: readonly PurchaseId[]
  tickets: number
  locale: MoneyLocale
}) {
  const { t } = useTranslation()
  const players = roundPlayers(props.purchases, props.mine)
  return (
    <section className="game-bets rooms-players" aria-labelledby="rooms-players-title">
      <h2 id="rooms-players-title">{t('rooms:players.title')}</h2>
      {players.length === 0 ? (
        <p className="game-bets__empty" data-testid="rooms.players-empty">
          {t('rooms:players.empty')}
        </p>
      ) : (
        <table data-testid="rooms.players">
          <thead>
            <tr>
              <th scope="col">{t('rooms:players.name')}</th>
              <th scope="col">{t('rooms:players.tickets')}</th>
              <th scope="col">{t('rooms:players.chance')}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p, i) => (
              <tr key={`${p.colour}-${i}`} data-mine={p.mine} data-testid="rooms.player">
                <td>
                  <span
                    className="rooms-players__swatch"
                    style={{ background: cssColour(p.colour) }}
                    aria-hidden="true"
                  />
                  {/* The wire's avatar is null when the player hides it (or has none): neutral then. */}
                  <PlayerAvatar name={p.name} hidden={p.avatar === null} />
                  {p.name ?? t('rooms:players.hidden')}
                  {p.mine ? ` (${t('rooms:players.you')})` : ''}
                </td>
                <td>{p.tickets}</td>
                <td>
                  {t('rooms:players.chanceValue', {
                    percent: formatPercent(
                      chancePercent(chanceOf(p.tickets, props.tickets)),
                      props.locale,
                    ),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
