import { useTranslation } from 'react-i18next'

/**
 * What a game's route shows while the game's code loads (the router's pending component, after
 * its `pendingMs`): the game's title and a loading note in the box the game will fill, so the page
 * says it is on its way instead of staying blank on a slow link.
 */
export function GamePagePending({ id }: { id: string }) {
  const { t } = useTranslation()
  return (
    <section className="game-pending" data-testid="page.game-pending" aria-busy="true">
      <h1 className="game-pending__title">{t(`pages:${id}.title`)}</h1>
      <div className="game-pending__box" role="status">
        <span className="game-pending__spinner" aria-hidden="true" />
        {t('common:loading')}
      </div>
    </section>
  )
}
