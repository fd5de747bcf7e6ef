import { useEffect, useState, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { CaseSummary } from '../../../contract'
import { formatMoney, minorPerMajor, type Minor, type MoneyLocale } from '../../engine/money'
import type { GamePageProps } from '../../kit/ui/gameModule'
import { CaseProofOfPage, type CaseProofExtra } from './CaseBetProof'
import { loadCases, type Loaded } from './catalogueApi'
import { formatRtp } from './CaseItems'
import { textIn } from './caseText'
import './cases.css'

/** Props of `CasesCatalogue`. */
export interface CasesCatalogueProps {
  /** The cases service's origin (its catalogue is `GET /api/games/cases`). */
  serviceUrl: string
  locale: MoneyLocale
  /** A case's page, in the page's language (`/games/cases/{slug}`). */
  hrefOf: (slug: string) => string
  /** Opens a case's page in place (the router), for a plain click on its card. */
  onOpen: (slug: string) => void
}

/**
 * The catalogue as the registry's route shows it (`/games/cases`, the instant game page): the
 * shell's props, its links opening a case's page, and the proof of its `?bet=` (the profile
 * history links an opening there, as it links any instant bet to its game's page).
 */
export function CasesCatalogueGame(props: GamePageProps & CaseProofExtra) {
  const { links } = props
  const path = (slug: string) => `/games/cases/${encodeURIComponent(slug)}`
  return (
    <>
      <CasesCatalogue
        serviceUrl={props.serviceUrl}
        locale={props.locale}
        hrefOf={(slug) => (links ? links.href(path(slug)) : path(slug))}
        onOpen={(slug) => (links ? links.open(path(slug)) : window.location.assign(path(slug)))}
      />
      <CaseProofOfPage {...props} />
    </>
  )
}

/** The price filters: every case, or a band of prices in major units of the case's currency. */
const BANDS = [
  { id: 'all', min: 0, max: Infinity },
  { id: 'low', min: 0, max: 100 },
  { id: 'mid', min: 100, max: 1_000 },
  { id: 'high', min: 1_000, max: Infinity },
] as const
type Band = (typeof BANDS)[number]['id']

const inBand = (kase: CaseSummary, band: Band) => {
  const { min, max } = BANDS.find((b) => b.id === band)!
  const major = kase.price / minorPerMajor(kase.currency)
  return band === 'all' || (major > min && major <= max)
}

/** A plain left click opens in place; any other (new tab, modifier keys) is the browser's. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/**
 * The cases catalogue: each case's picture, name, price, top item and return to player, filtered
 * by price band; a card opens its case's page.
 */
export function CasesCatalogue(props: CasesCatalogueProps) {
  const { t, i18n } = useTranslation()
  const { serviceUrl, locale } = props
  const [loaded, setLoaded] = useState<Loaded<CaseSummary[]> | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [band, setBand] = useState<Band>('all')
  useEffect(() => {
    const controller = new AbortController()
    loadCases(serviceUrl, controller.signal).then(setLoaded, () => {})
    return () => controller.abort()
  }, [serviceUrl, attempt])

  if (!loaded) {
    return (
      <p className="cases-status" data-testid="cases.loading">
        {t('cases:catalogue.loading')}
      </p>
    )
  }
  if (loaded.type !== 'ok') {
    return (
      <p className="cases-status" data-testid="cases.failed">
        {t('cases:catalogue.failed')}{' '}
        <button type="button" className="button" onClick={() => setAttempt((a) => a + 1)}>
          {t('cases:catalogue.retry')}
        </button>
      </p>
    )
  }
  const currency = loaded.value[0]?.currency ?? 'RUB'
  const major = (n: number) => formatMoney((n * minorPerMajor(currency)) as Minor, currency, locale)
  const bandLabel = (id: Band) =>
    id === 'all'
      ? t('cases:catalogue.all')
      : id === 'low'
        ? t('cases:catalogue.upTo', { amount: major(100) })
        : id === 'mid'
          ? t('cases:catalogue.between', { from: major(100), to: major(1_000) })
          : t('cases:catalogue.over', { amount: major(1_000) })
  const shown = loaded.value.filter((kase) => inBand(kase, band))
  return (
    <div className="cases-catalogue" data-testid="cases.catalogue">
      <div className="cases-filters" role="group" aria-label={t('cases:catalogue.filters')}>
        {BANDS.map(({ id }) => (
          <button
            key={id}
            type="button"
            className="cases-filter"
            aria-pressed={band === id}
            data-testid={`cases.filter-${id}`}
            onClick={() => setBand(id)}
          >
            {bandLabel(id)}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="cases-status" data-testid="cases.empty">
          {t('cases:catalogue.empty')}
        </p>
      ) : (
        <ul className="cases-grid">
          {shown.map((kase) => {
            const name = textIn(kase.name, i18n.language)
            return (
              <li key={kase.slug} className="cases-card" data-testid={`cases.card-${kase.slug}`}>
                <a
                  href={props.hrefOf(kase.slug)}
                  className="cases-card__link"
                  onClick={(event) => {
                    if (!plainClick(event)) return
                    event.preventDefault()
                    props.onOpen(kase.slug)
                  }}
                >
                  <img
                    className="cases-card__image"
                    src={kase.image}
                    alt=""
                    width={200}
                    height={160}
                  />
                  <span className="cases-card__name">{name}</span>
                  <span className="cases-card__price" data-testid={`cases.card-${kase.slug}.price`}>
                    {formatMoney(kase.price, kase.currency, locale)}
                  </span>
                  <span className={`cases-card__top cases-card__top--${kase.top.rarity}`}>
                    {t('cases:catalogue.top', {
                      item: textIn(kase.top.name, i18n.language),
                      value: formatMoney(kase.top.value, kase.currency, locale),
                    })}
                  </span>
                  <span className="cases-card__rtp">
                    {t('cases:catalogue.rtp', { rtp: formatRtp(kase.rtp, locale) })}
                  </span>
                </a>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
