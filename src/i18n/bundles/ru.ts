/** Every namespace file of `locales/ru/`, as lazy imports keyed `./<namespace>.json` (../index.ts). */
export default import.meta.glob<Record<string, unknown>>('./*.json', {
  base: '../../../locales/ru/',
  import: 'default',
})
