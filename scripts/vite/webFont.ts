import { type Plugin } from 'vite'
import { generateFontFace, getMetricsForFamily } from 'fontaine'

/** Fontsource's CSS for each weight of Inter, imported by src/styles/webFont.ts. */
const WEB_FONT_CSS = /\/node_modules\/@fontsource\/inter\/(\d+)\.css$/

/** The stylesheet of the page's first frame that carries the fallback faces (src/main.tsx). */
const FALLBACK_CSS = /\/src\/styles\/fontFallbacks\.css$/

/**
 * Local fonts that stand in for Inter until it has loaded, in the order they are tried: Android,
 * Apple, Windows, then Linux. Each gets a face scaled to Inter's metrics. DejaVu Sans is not in
 * fontaine's metrics collection: its numbers are read from DejaVuSans.ttf (2.37) with fontaine's
 * `readMetrics`.
 */
const WEB_FONT_FALLBACKS: { font: string; metrics?: Parameters<typeof generateFontFace>[0] }[] = [
  { font: 'Roboto' },
  { font: 'Helvetica Neue' },
  { font: 'Segoe UI' },
  { font: 'Arial' },
  {
    font: 'DejaVu Sans',
    metrics: { ascent: 1901, descent: -483, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 1041 },
  },
]

/** One `@font-face` per fallback, each a local font scaled to Inter (fontaine's metrics). */
async function webFontFallbackCss(): Promise<string> {
  const inter = await getMetricsForFamily('Inter')
  if (!inter) throw new Error('[web-font] fontaine has no metrics for Inter')
  const faces: string[] = []
  for (const { font, metrics } of WEB_FONT_FALLBACKS) {
    const local = metrics ?? (await getMetricsForFamily(font))
    if (!local) throw new Error(`[web-font] fontaine has no metrics for ${font}`)
    faces.push(generateFontFace(inter, { name: `Inter fallback ${font}`, font, metrics: local }))
  }
  const stack = WEB_FONT_FALLBACKS.map(({ font }) => `"Inter fallback ${font}"`).join(', ')
  return `${faces.join('')}:root { --font-fallbacks: ${stack}; }\n`
}

/**
 * Inter without layout shift and off the first load's critical path. The first frame is drawn
 * with a local font scaled to Inter's metrics (width, ascent, descent; the faces go into
 * src/styles/fontFallbacks.css), so it takes the same room; Inter's own faces come in a
 * stylesheet of their own that the page asks for after its first frame (src/styles/webFont.ts),
 * drawn only if they are there within 100 ms (`font-display: optional`, where Fontsource ships
 * `swap`), so text never re-flows late. On a phone's first visit the three files (75 KB) no
 * longer compete with the scripts the first frame needs (`npm run bench -- lighthouse`: mobile
 * LCP 2.60 s → 2.36 s on the lobby in one quiet run); from the cache they are drawn at once.
 */
export function webFontPlugin(): Plugin {
  return {
    name: 'tessera-web-font',
    enforce: 'pre',
    async transform(code, id) {
      if (FALLBACK_CSS.test(id)) return { code: code + (await webFontFallbackCss()), map: null }
      if (!WEB_FONT_CSS.test(id)) return null
      const out = code.replace(/font-display:\s*swap/g, 'font-display: optional')
      if (out === code) throw new Error(`[web-font] no font-display: swap in ${id}`)
      return { code: out, map: null }
    },
  }
}
