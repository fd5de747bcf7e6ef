import { useTranslation } from 'react-i18next'
import { colorOf } from '../rules'
import { hotAndCold } from './hotCold'

/** The hot and cold numbers of the spins this page has seen (`hotCold.ts`). */
export function HotColdNumbers({ pockets }: { pockets: readonly number[] }) {
  const { t } = useTranslation()
  const { hot, cold } = hotAndCold(pockets)
  if (pockets.length === 0) return null
  const row = (id: 'hot' | 'cold', title: string, numbers: number[]) => (
    <div className={`roulette-stats__row roulette-stats__row--${id}`}>
      <dt>{title}</dt>
      <dd data-testid={`roulette.${id}`}>
        {numbers.length === 0
          ? '—'
          : numbers.map((n) => (
              <span key={n} className={`roulette-ball roulette-ball--${colorOf(n)}`}>
                {n}
              </span>
            ))}
      </dd>
    </div>
  )
  return (
    <div
      role="group"
      className="roulette-stats"
      aria-label={t('roulette:stats.label', { count: pockets.length })}
      data-testid="roulette.stats"
    >
      <dl>
        {row('hot', t('roulette:stats.hot'), hot)}
        {row('cold', t('roulette:stats.cold'), cold)}
      </dl>
    </div>
  )
}
