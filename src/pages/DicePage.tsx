import { useTranslation } from 'react-i18next'
import { DiceGame } from '../../games/dice'
import { useShellGameProps } from './gamePageProps'

/**
 * /games/dice: the instant dice game, full width. Guests see the slider and recent rolls; a
 * signed-in player bets (the shell's part of a game page is `useShellGameProps`).
 */
export function DicePage() {
  const { t } = useTranslation()
  const shell = useShellGameProps('dice')
  return (
    <section className="game-page" data-testid="page.dice">
      <h1 className="game-page__title" data-testid="page.title">
        {t('pages:dice.title')}
      </h1>
      {shell !== null && <DiceGame {...shell.props} key={shell.key} />}
    </section>
  )
}
