/**
 * What the service worker precaches (build time, scripts/vite/pwa.ts): the shell a first visit loads,
 * so the app starts offline, and nothing a page or game adds later.
 *
 * - index.html, the entry chunk with every chunk it imports statically and their stylesheets;
 * - every language's start-up texts (`locale-<lang>` chunks, a few KB each), so the app starts
 *   offline in the language the player switched to;
 * - the web font's stylesheet and its WOFF2 faces of the three weights for the letters of en, ru
 *   and kz (Latin, Cyrillic, and Cyrillic Extended for Kazakh's ә, ғ, қ, ң, ө, ұ, ү, һ), nine
 *   files of about 15-25 KB; not the Latin Extended, Greek and Vietnamese faces, nor WOFF,
 *   which every browser with service workers outgrows;
 * - the icons and the manifest (vite-plugin-pwa adds those).
 *
 * Game chunks stay out: each game route loads about 190 KB gzip past the shell (the Pixi canvas
 * chunk alone is 113 KB), all of them together would more than treble the shell's download on
 * every first visit, for games that cannot be played offline anyway (every round is the
 * server's). A game the player opened stays in the browser's HTTP cache (assets are immutable).
 */

/** A file of the build, as much of Rolldown's output bundle as the choice needs. */
export interface BuiltFile {
  fileName: string
  type: 'chunk' | 'asset'
  name?: string | undefined
  isEntry?: boolean
  imports?: readonly string[]
  importedCss?: Iterable<string>
}

const LOCALE_CHUNK = /^locale-[a-z]+$/
const WEB_FONT_CSS = /^assets\/webFont-[\w-]+\.css$/
const WEB_FONT_FACE = /^assets\/inter-(latin|cyrillic|cyrillic-ext)-\d+-normal-[\w-]+\.woff2$/

/** The build's files the shell needs, by their paths in the output (`assets/index-x.js`). */
export function shellFiles(files: readonly BuiltFile[]): Set<string> {
  const byName = new Map(files.map((f) => [f.fileName, f]))
  const shell = new Set<string>(['index.html'])
  const add = (fileName: string) => {
    if (shell.has(fileName)) return
    shell.add(fileName)
    const file = byName.get(fileName)
    for (const css of file?.importedCss ?? []) shell.add(css)
    for (const imported of file?.imports ?? []) add(imported)
  }
  for (const file of files) {
    if (file.type === 'chunk' && (file.isEntry || LOCALE_CHUNK.test(file.name ?? ''))) {
      add(file.fileName)
    }
    if (WEB_FONT_CSS.test(file.fileName) || WEB_FONT_FACE.test(file.fileName)) add(file.fileName)
  }
  return shell
}

/**
 * A workbox `manifestTransforms` entry that drops the build's files outside `shell()`; files
 * outside `assets/` (the icons, the manifest, the favicon) are the glob's and stay.
 */
export function keepShell(shell: () => ReadonlySet<string>) {
  return <T extends { url: string }>(entries: T[]) => {
    const keep = shell()
    if (keep.size === 0) throw new Error('[pwa] the shell was not recorded before the precache')
    return {
      manifest: entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url)),
      warnings: [] as string[],
    }
  }
}
