/** Every namespace file of `locales/en/`, as lazy imports keyed `./<namespace>.json` (../index.ts). */
export default import.meta.glob<Record<string, unknown>>('./*.json', {
  base: '../../../locales/en/',
  import: 'default',
})
