/** When the page has painted: for work that its first paint does not need (renderers, fonts). */
export { firstContentfulPaint } from './firstPaint'
