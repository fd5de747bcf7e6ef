import { lazy, Suspense } from 'react'

import { useAdBonus } from './adBonus'

const AdBonusDialog = lazy(async () => ({
  default: (await import('./AdBonusDialog')).AdBonusDialog,
}))

/** Where the ad-bonus modal goes in the shell; its code loads only when there is a bonus to tell. */
export function AdBonusSlot() {
  const shown = useAdBonus((s) => s.bonus !== null)
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <AdBonusDialog />
    </Suspense>
  )
}
