import { describe, expect, it } from 'vitest'
import { keepShell, shellFiles, type BuiltFile } from './shellPrecache'

const bundle: BuiltFile[] = [
  {
    fileName: 'assets/index-a.js',
    type: 'chunk',
    name: 'index',
    isEntry: true,
    imports: ['assets/rolldown-runtime-b.js'],
    importedCss: ['assets/index-c.css'],
  },
  { fileName: 'assets/rolldown-runtime-b.js', type: 'chunk', name: 'rolldown-runtime' },
  { fileName: 'assets/locale-kz-d.js', type: 'chunk', name: 'locale-kz' },
  {
    fileName: 'assets/CrashPage-e.js',
    type: 'chunk',
    name: 'CrashPage',
    imports: ['assets/canvas-f.js'],
  },
  { fileName: 'assets/canvas-f.js', type: 'chunk', name: 'canvas' },
  { fileName: 'assets/faq-g.js', type: 'chunk', name: 'faq' },
  { fileName: 'assets/webFont-h.css', type: 'asset' },
  { fileName: 'assets/inter-cyrillic-ext-600-normal-i.woff2', type: 'asset' },
  { fileName: 'assets/inter-greek-600-normal-j.woff2', type: 'asset' },
  { fileName: 'assets/inter-latin-400-normal-k.woff', type: 'asset' },
]

describe('the precached shell', () => {
  it("is the entry with its imports and styles, every language's start-up texts and the font", () => {
    expect([...shellFiles(bundle)].sort()).toEqual([
      'assets/index-a.js',
      'assets/index-c.css',
      'assets/inter-cyrillic-ext-600-normal-i.woff2',
      'assets/locale-kz-d.js',
      'assets/rolldown-runtime-b.js',
      'assets/webFont-h.css',
      'index.html',
    ])
  })

  it('drops every other built file from the precache, and keeps the public ones', () => {
    const shell = shellFiles(bundle)
    const entries = [
      'index.html',
      'favicon.svg',
      'icons/icon-192.png',
      ...bundle.map((f) => f.fileName),
    ]
    const { manifest } = keepShell(() => shell)(entries.map((url) => ({ url, revision: null })))
    expect(manifest.map((e) => e.url)).toEqual([
      'index.html',
      'favicon.svg',
      'icons/icon-192.png',
      'assets/index-a.js',
      'assets/rolldown-runtime-b.js',
      'assets/locale-kz-d.js',
      'assets/webFont-h.css',
      'assets/inter-cyrillic-ext-600-normal-i.woff2',
    ])
    expect(() => keepShell(() => new Set())([])).toThrow(/shell was not recorded/)
  })
})
