import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { CaseResponse } from '../../../contract'
import { formatMoney, type MoneyLocale } from '../../engine/money'
import type { Rarity } from '../rules'
import { formatDecimal, textIn } from './caseText'

/** Each rarity's name (written out, so the key test sees every key used). */
const RARITY_KEYS: Readonly<Record<Rarity, string>> = {
  common: 'cases:rarity.common',
  uncommon: 'cases:rarity.uncommon',
  rare: 'cases:rarity.rare',
  epic: 'cases:rarity.epic',
  legendary: 'cases:rarity.legendary',
}

/** The case's return to player as the page shows it: hundredths of a percent, `92.60`. */
export const formatRtp = (rtp: number, locale: MoneyLocale) => formatDecimal(rtp / 100, 2, locale)

/**
 * What is inside a case: every item with its value, its exact probability (tickets of 100000,
 * shown as a percent to three decimals) and its published ticket range, and the case's return
 * to player computed from that table. Memoised: the page re-renders on every opening and reveal,
 * and formatting every row again then sat in the opening's click (a long task on a busy machine).
 */
export const CaseItems = memo(function CaseItems({
  kase,
  locale,
}: {
  kase: CaseResponse
  locale: MoneyLocale
}) {
  const { t, i18n } = useTranslation()
  return (
    <section className="cases-items" data-testid="cases.items" aria-labelledby="cases-items-title">
      <h2 id="cases-items-title">{t('cases:items.title')}</h2>
      <p className="cases-items__rtp" data-testid="cases.rtp" data-rtp={kase.rtp}>
        {t('cases:items.rtp', { rtp: formatRtp(kase.rtp, locale) })}
      </p>
      <div className="cases-items__scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('cases:items.item')}</th>
              <th scope="col">{t('cases:items.chance')}</th>
              <th scope="col">{t('cases:items.value')}</th>
              <th scope="col">{t('cases:items.tickets')}</th>
            </tr>
          </thead>
          <tbody>
            {kase.items.map((item) => (
              <tr key={item.id} data-testid={`cases.item-${item.id}`}>
                <th scope="row">
                  <span className={`cases-rarity cases-rarity--${item.rarity}`} aria-hidden />
                  {textIn(item.name, i18n.language)}
                  <span className="cases-items__rarity">{t(RARITY_KEYS[item.rarity])}</span>
                </th>
                <td data-testid={`cases.item-${item.id}.chance`}>
                  {formatDecimal(item.tickets / 1000, 3, locale)}
                </td>
                <td>{formatMoney(item.value, kase.currency, locale)}</td>
                <td>{`${item.from}–${item.to}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
})
