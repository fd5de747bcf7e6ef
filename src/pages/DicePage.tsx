import { useRouter, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { DiceGame } from '../../games/dice'
import { parseBetSearch } from '../../games/kit'
import { useShellGameProps } from './gamePageProps'

/**
 * /games/dice: the instant dice game, full width. Guests see the slider and recent rolls; a
 * signed-in player bets (the shell's part of a game page is `useShellGameProps`). `?bet=<id>`
 * opens that bet's proof, recomputed in the browser (profile history links use it).
 */
export function DicePage() {
  const { t } = useTranslation()
  const shell = useShellGameProps('dice')
  const proofBet = parseBetSearch(useSearch({ strict: false })).bet
  const router = useRouter()
  // Closing the proof drops the parameter in place, so Back leaves the page instead of reopening it.
  const onProofClosed = useCallback(() => {
    const { pathname, search, hash } = router.state.location
    const rest = Object.fromEntries(Object.entries(search).filter(([key]) => key !== 'bet'))
    void router.navigate({ to: pathname, search: rest, hash, replace: true })
  }, [router])
  return (
    <section className="game-page" data-testid="page.dice">
      <h1 className="game-page__title" data-testid="page.title">
        {t('pages:dice.title')}
      </h1>
      {shell !== null && (
        <DiceGame
          {...shell.props}
          key={shell.key}
          proofBet={proofBet}
          onProofClosed={onProofClosed}
        />
      )}
    </section>
  )
}
