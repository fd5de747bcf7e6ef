/** Every namespace file of `locales/kz/`, as lazy imports keyed `./<namespace>.json` (../index.ts). */
export default import.meta.glob<Record<string, unknown>>('./*.json', {
  base: '../../../locales/kz/',
  import: 'default',
})
