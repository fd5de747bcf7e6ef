/** Small inline icons; decorative, so hidden from assistive technology. */
export function CloseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

/** The Tessera mark: four tiles, one lit. */
export function LogoMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="12" height="12" rx="3" fill="var(--color-accent)" />
      <rect x="15" y="1" width="12" height="12" rx="3" fill="var(--color-surface-3)" />
      <rect x="1" y="15" width="12" height="12" rx="3" fill="var(--color-surface-3)" />
      <rect x="15" y="15" width="12" height="12" rx="3" fill="var(--color-gold)" />
    </svg>
  )
}
