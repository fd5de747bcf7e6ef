import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PLAYABLE_GAMES } from './playableGames'
import './lobby.css'

/** `/`: the games that can be played today, each with a line about it and a link to play. */
export function LobbyPage() {
  const { t } = useTranslation()
  return (
    <section className="page" data-testid="page.home">
      <h1 className="page__title" data-testid="page.title">
        {t('pages:home.title')}
      </h1>
      <p className="page__lead">{t('pages:home.lead')}</p>
      <ul className="lobby-games" data-testid="lobby.games">
        {PLAYABLE_GAMES.map((game) => {
          const title = t(game.title)
          return (
            <li key={game.id} className="lobby-game" data-testid={`lobby.game-${game.id}`}>
              <h2 className="lobby-game__title">{title}</h2>
              <p className="lobby-game__blurb">{t(game.blurb)}</p>
              <Link
                to={game.to}
                className="button button--primary lobby-game__play"
                data-testid={`lobby.play-${game.id}`}
              >
                {t(game.cta)}
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
