import { useTranslation } from 'react-i18next'

/**
 * Coinflip's part of the bet panel: an opening has nothing to choose but the stake, so the panel
 * says how the round pays instead.
 */
export function CoinflipFields() {
  const { t } = useTranslation()
  return (
    <p className="coinflip-rules" data-testid="coinflip.rules">
      {t('coinflip:fields.rules')}
    </p>
  )
}
