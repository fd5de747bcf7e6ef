import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ON_DEMAND_NAMESPACES, changeLocale, initI18n, loadNamespaces } from '.'

describe('on-demand namespaces', () => {
  it('start without the large page namespaces, load them when asked, and follow a language switch', async () => {
    await initI18n('en')
    expect(i18next.hasResourceBundle('en', 'common')).toBe(true)
    for (const ns of ON_DEMAND_NAMESPACES) expect(i18next.hasResourceBundle('en', ns)).toBe(false)

    await loadNamespaces(['policy'])
    expect(i18next.hasResourceBundle('en', 'policy')).toBe(true)
    expect(i18next.hasResourceBundle('en', 'faq')).toBe(false)

    await changeLocale('kz')
    // Asked for once, so the new language brings it along; the others still wait.
    expect(i18next.hasResourceBundle('kz', 'policy')).toBe(true)
    expect(i18next.hasResourceBundle('kz', 'crash')).toBe(false)
    expect(i18next.t('common:nav.lobby', { lng: 'kz' })).not.toBe('nav.lobby')
  })
})
