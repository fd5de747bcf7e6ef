import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import type { GamePageProps } from '../../games/kit'
import type { GameService } from '../api'
import { useBetProofParam } from './betProofParam'
import { useLiveTablesShell, useShellGameProps } from './gamePageProps'

/** What the shell hands an instant game besides every game's props. */
export interface InstantGameShellProps extends GamePageProps {
  proofBet: string | null
  onProofClosed: () => void
}

/**
 * The page of an instant game, full width: its title, and the game with the shell's props
 * (`useShellGameProps`), the live tables fed by the `general` service, and `?bet=<id>`, which
 * opens that bet's proof (profile history links and live table rows use it).
 */
export function InstantGamePage({
  id,
  service,
  Game,
}: {
  /** The route id: `page.<id>` and the `pages:<id>.title` text. */
  id: string
  service: GameService
  Game: ComponentType<InstantGameShellProps>
}) {
  const { t } = useTranslation()
  const shell = useShellGameProps(service)
  const live = useLiveTablesShell()
  const proof = useBetProofParam()
  return (
    <section className="game-page" data-testid={`page.${id}`}>
      <h1 className="game-page__title" data-testid="page.title">
        {t(`pages:${id}.title`)}
      </h1>
      {shell !== null && (
        <Game
          {...shell.props}
          key={shell.key}
          live={live}
          proofBet={proof.proofBet}
          onProofClosed={proof.onProofClosed}
        />
      )}
    </section>
  )
}
