/**
 * Inter's faces (Fontsource, `font-display: optional` at build time: scripts/vite/webFont.ts). Imported by
 * {@link loadWebFont} after the first frame, so the page's first load fetches only what it draws.
 */
import '@fontsource/inter/400.css'
import '@fontsource/inter/600.css'
import '@fontsource/inter/800.css'
