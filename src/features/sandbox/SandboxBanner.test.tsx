import { render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../../i18n'
import { SandboxBanner } from './SandboxBanner'

beforeAll(async () => {
  await initI18n('en')
})
afterEach(() => {
  delete document.documentElement.dataset.mode
})

describe('sandbox banner', () => {
  it('is drawn in the first render when the served page is marked sandbox', () => {
    document.documentElement.dataset.mode = 'sandbox'
    render(<SandboxBanner />)
    // Synchronously: no /config answer is awaited (this test has no API client at all).
    expect(screen.getByTestId('layout.sandbox-banner').textContent).toMatch(/sandbox/i)
  })

  it('is absent for a production mark and for a page served without one', () => {
    document.documentElement.dataset.mode = 'production'
    const { unmount } = render(<SandboxBanner />)
    expect(screen.queryByTestId('layout.sandbox-banner')).toBeNull()
    unmount()
    delete document.documentElement.dataset.mode
    render(<SandboxBanner />)
    expect(screen.queryByTestId('layout.sandbox-banner')).toBeNull()
  })
})
