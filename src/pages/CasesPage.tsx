import { useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { CasesCatalogue } from '../../games/cases'
import { useGameServiceUrl } from '../features/session/serviceUrls'
import type { Locale } from '../i18n/locales'
import { GamePageFrame } from './GamePageFrame'

/** /games/cases: the cases catalogue, read from the `cases` service; a card opens its case. */
export function CasesPage() {
  const { i18n } = useTranslation()
  const router = useRouter()
  const serviceUrl = useGameServiceUrl('cases')
  const target = (slug: string) => ({ to: '/games/cases/$slug', params: { slug } })
  return (
    <GamePageFrame id="cases">
      {serviceUrl !== null && (
        <CasesCatalogue
          serviceUrl={serviceUrl}
          locale={i18n.language as Locale}
          hrefOf={(slug) => router.buildLocation(target(slug)).publicHref}
          onOpen={(slug) => void router.navigate(target(slug))}
        />
      )}
    </GamePageFrame>
  )
}
