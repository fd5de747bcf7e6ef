/**
 * A game's picture drawn as SVG from its id, title and provider: the same game always gets the
 * same picture, no file is stored and nothing is downloaded. Colours come from a hash of the id;
 * the tiles behind the title are the project's mosaic. Only data is written in it (title and
 * provider name): labels such as "live" or "demo data" are the client's, translated.
 */

/** The picture's size: 4:3, the lobby's tile. */
export const GAME_IMAGE = { width: 400, height: 300 } as const

/** FNV-1a: a small stable hash, so colours depend on the id alone. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The title in at most three lines of about 14 characters, the last cut with an ellipsis. */
export function titleLines(title: string, width = 14, max = 3): string[] {
  const lines: string[] = []
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1]
    if (last !== undefined && last.length + 1 + word.length <= width) {
      lines[lines.length - 1] = `${last} ${word}`
    } else {
      lines.push(word)
    }
  }
  if (lines.length <= max) return lines
  const kept = lines.slice(0, max)
  kept[max - 1] = `${kept[max - 1]}…`
  return kept
}

/** The SVG document of a game's picture. */
export function gameImageSvg(game: { id: string; title: string; providerName: string }): string {
  const { width, height } = GAME_IMAGE
  let seed = fnv1a(game.id)
  const next = () => {
    seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) >>> 0
    seed ^= seed >>> 12
    return seed / 4294967296
  }
  const hue = Math.floor(next() * 360)
  const hue2 = (hue + 40 + Math.floor(next() * 80)) % 360
  const tiles: string[] = []
  const size = 50
  for (let y = 0; y < height; y += size) {
    for (let x = 0; x < width; x += size) {
      const alpha = (0.04 + next() * 0.14).toFixed(2)
      tiles.push(
        `<rect x="${x + 2}" y="${y + 2}" width="${size - 4}" height="${size - 4}" rx="6" fill="#fff" fill-opacity="${alpha}"/>`,
      )
    }
  }
  const lines = titleLines(game.title)
  const longest = Math.max(...lines.map((l) => l.length))
  // Wide enough to fit the longest line at about 0.6 em a character, at most 44 px.
  const font = Math.min(44, Math.floor(360 / (Math.max(longest, 1) * 0.6)))
  const lineHeight = Math.round(font * 1.15)
  const top = height / 2 - ((lines.length - 1) * lineHeight) / 2
  const text = lines
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${Math.round(top + i * lineHeight)}">${escapeXml(line)}</text>`,
    )
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(game.title)}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},65%,38%)"/><stop offset="1" stop-color="hsl(${hue2},70%,16%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>${tiles.join('')}` +
    `<g font-family="system-ui,sans-serif" font-weight="800" font-size="${font}" fill="#fff" text-anchor="middle" dominant-baseline="middle" stroke="#000" stroke-opacity="0.35" stroke-width="2" paint-order="stroke">${text}</g>` +
    `<text x="${width / 2}" y="${height - 22}" font-family="system-ui,sans-serif" font-size="16" fill="#fff" fill-opacity="0.8" text-anchor="middle">${escapeXml(game.providerName)}</text>` +
    `</svg>`
  )
}
