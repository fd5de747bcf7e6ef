import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A game page's frame, full width: the `page.<id>` section with the game's title
 * (`pages:<id>.title`) over the game.
 */
export function GamePageFrame({ id, children }: { id: string; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <section className="game-page" data-testid={`page.${id}`}>
      <h1 className="game-page__title" data-testid="page.title">
        {t(`pages:${id}.title`)}
      </h1>
      {children}
    </section>
  )
}
