import type { CatalogueCategory, GameKind } from '../../contract'

/**
 * The catalogue the demo seed writes: the sandbox provider's own games, and a fictitious
 * catalogue of 320 titles over 14 invented providers (`isDemoData`), so search, filters and
 * paging work on a realistic amount of data. Generated from word lists by a fixed-seed PRNG:
 * the same rows on every machine and every run, no network, no runtime randomness.
 */

/** A provider row as the seed writes it. */
export interface SeedProvider {
  id: string
  name: string
  isDemoData: boolean
}

/** A game row as the seed writes it. */
export interface SeedGame {
  id: string
  providerId: string
  title: string
  kind: GameKind
  categories: CatalogueCategory[]
  /** `YYYY-MM-DD`. */
  releasedAt: string
  popularity: number
  hasDemo: boolean
  providerGameCode: string
  isDemoData: boolean
}

/** The sandbox provider: the reference server's own games (built in server/sandbox later). */
export const SANDBOX_PROVIDER: SeedProvider = {
  id: 'tessera-sandbox',
  name: 'Tessera Sandbox',
  isDemoData: false,
}

/** The sandbox's games; `book-of-tessera` is the one the demo free spins name (db/seed.ts). */
export const SANDBOX_GAMES: readonly SeedGame[] = [
  {
    id: 'book-of-tessera',
    providerId: SANDBOX_PROVIDER.id,
    title: 'Book of Tessera',
    kind: 'slot',
    categories: ['book'],
    releasedAt: '2026-01-15',
    popularity: 100_000,
    hasDemo: true,
    providerGameCode: 'book-of-tessera',
    isDemoData: false,
  },
  {
    id: 'sandbox-roulette-live',
    providerId: SANDBOX_PROVIDER.id,
    title: 'Sandbox Roulette Live',
    kind: 'live',
    categories: ['table', 'roulette'],
    releasedAt: '2026-01-15',
    popularity: 90_000,
    hasDemo: true,
    providerGameCode: 'roulette-live',
    isDemoData: false,
  },
]

/** How many fictitious titles of each kind the demo catalogue has. */
export const DEMO_COUNTS = { slot: 250, live: 70 } as const

const [SLOT, LIVE, BOTH] = ['slot', 'live', 'both'] as const
/** Invented names (checked against no real studio we know of), with the lobbies they supply. */
const DEMO_PROVIDERS: readonly (SeedProvider & { code: string; kinds: string })[] = [
  ['amberline-games', 'Amberline Games', 'AMB', SLOT],
  ['copperfox-studios', 'Copperfox Studios', 'CFX', SLOT],
  ['lanternfish-gaming', 'Lanternfish Gaming', 'LFG', SLOT],
  ['velvet-comet', 'Velvet Comet', 'VCM', SLOT],
  ['quartz-owl', 'Quartz Owl Interactive', 'QOW', SLOT],
  ['saffron-spin-works', 'Saffron Spin Works', 'SSW', SLOT],
  ['ironbark-play', 'Ironbark Play', 'IBP', SLOT],
  ['pinecrest-interactive', 'Pinecrest Interactive', 'PCI', SLOT],
  ['bramblewood-reels', 'Bramblewood Reels', 'BWR', SLOT],
  ['kestrel-and-finch', 'Kestrel & Finch', 'KAF', SLOT],
  ['mosaic-heron', 'Mosaic Heron', 'MHR', BOTH],
  ['tidewater-live', 'Tidewater Live', 'TWL', LIVE],
  ['obsidian-lark-live', 'Obsidian Lark Live', 'OLL', LIVE],
  ['marigold-tables', 'Marigold Tables', 'MGT', LIVE],
].map(([id, name, code, kinds]) => ({
  id: id!,
  name: name!,
  code: code!,
  kinds: kinds!,
  isDemoData: true,
}))

/** mulberry32: a tiny deterministic PRNG; the seed fixes the whole catalogue. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ADJECTIVES =
  'Golden Wild Lucky Mystic Crimson Frozen Electric Ancient Royal Silver Neon Savage Hidden Emerald Midnight Blazing Sacred Jade Cosmic Velvet Sunken Howling Gilded Twilight Amber Scarlet Starlit Radiant Stormy Untamed'.split(
    ' ',
  )
const CREATURES =
  'Lynx Pharaoh Dragon Tiger Phoenix Wolf Samurai Viking Mermaid Buffalo Falcon Panda Raven Cobra Kraken Stallion Scarab Empress Pirate Rhino Owl Jaguar Leprechaun Genie Yeti Serpent Bison Fox Griffin Sphinx Koi Mammoth Tortoise Lion Bear Sultan Ronin Oracle Alchemist Knight'.split(
    ' ',
  )
const TOMES =
  'Embers Runes Tides Shadows Whispers Storms Echoes Ashes Stars Sands Secrets Spells Thorns Crowns Omens Legends Ages Mirrors Riddles Glyphs'.split(
    ' ',
  )
const PLACES = [
  'Atlantis',
  'the Nile',
  'Olympus',
  'Avalon',
  'El Dorado',
  'Babylon',
  'Valhalla',
  'Samarkand',
  'the Amazon',
  'Shangri-La',
  'Petra',
  'Carthage',
  'Troy',
  'the Andes',
  'Zanzibar',
  'Kyoto',
  'Persia',
  'the Sahara',
  'Tortuga',
  'Byzantium',
]
const HOARDS =
  'Treasures Riches Legends Secrets Gems Gates Relics Queens Kings Spirits Tales Wonders'.split(' ')
const FRUITS = 'Cherry Lemon Melon Plum Grape Peach Berry Orange Lime Kiwi Mango Apple'.split(' ')
const FRUIT_MOODS =
  'Blaze Rush Fiesta Frenzy Burst Party Twist Splash Inferno Fever Carnival Harvest'.split(' ')
const CLASSIC_ADJECTIVES =
  'Sizzling Blazing Super Triple Double Burning Diamond Jolly Retro Shining'.split(' ')
const CLASSIC_NOUNS =
  'Sevens Bars Bells Stars Crowns Diamonds Reels Horseshoes Clovers Coins'.split(' ')
const GEMS = 'Ruby Sapphire Opal Topaz Amethyst Garnet Crystal Pearl Onyx Jasper'.split(' ')
const CLUSTERS = 'Cascade Clusters Mine Drop Avalanche Cavern Reef Quarry'.split(' ')
const CITIES =
  'Tallinn Lisbon Valletta Riga Vienna Prague Sofia Tbilisi Almaty Baku Kazan Porto Seville Bruges Krakow Zagreb Vilnius Ljubljana Bergen Odessa'.split(
    ' ',
  )
const TABLE_STYLES = 'Velvet Emerald Classic Speed Ivory Onyx Sapphire Gold Platinum Royal'.split(
  ' ',
)
const SHOW_NOUNS = 'Wheel Coin Dice Ball Ladder Vault Rocket Balloon'.split(' ')
const SHOW_SUFFIXES = ['Show', 'Drop', 'Party', 'Bonanza', 'Live', 'Frenzy']

type Pick = <T>(list: readonly T[]) => T
type Pattern = (pick: Pick) => { title: string; categories: CatalogueCategory[] }

/** Slot title patterns; a pattern appears as often as it should be drawn. */
const SLOT_PATTERNS: readonly Pattern[] = [
  (p) => ({ title: `${p(ADJECTIVES)} ${p(CREATURES)}`, categories: [] }),
  (p) => ({ title: `${p(ADJECTIVES)} ${p(CREATURES)}`, categories: [] }),
  (p) => ({ title: `Book of ${p(TOMES)}`, categories: ['book'] }),
  (p) => ({ title: `${p(CREATURES)} Megaways`, categories: ['megaways'] }),
  (p) => ({ title: `${p(ADJECTIVES)} ${p(CREATURES)} Megaways`, categories: ['megaways'] }),
  (p) => ({ title: `${p(CREATURES)} Jackpot`, categories: ['jackpot'] }),
  (p) => ({ title: `${p(CREATURES)}'s Fortune`, categories: ['jackpot'] }),
  (p) => ({ title: `${p(FRUITS)} ${p(FRUIT_MOODS)}`, categories: ['fruit', 'classic'] }),
  (p) => ({ title: `${p(HOARDS)} of ${p(PLACES)}`, categories: [] }),
  (p) => ({ title: `${p(CLASSIC_ADJECTIVES)} ${p(CLASSIC_NOUNS)}`, categories: ['classic'] }),
  (p) => ({ title: `${p(GEMS)} ${p(CLUSTERS)}`, categories: ['cluster'] }),
]

/** Live title patterns: tables of each game, and game shows. */
const LIVE_PATTERNS: readonly Pattern[] = [
  (p) => ({ title: `${p(CITIES)} Roulette`, categories: ['table', 'roulette'] }),
  (p) => ({ title: `${p(TABLE_STYLES)} Roulette`, categories: ['table', 'roulette'] }),
  (p) => ({
    title: `${p(TABLE_STYLES)} Blackjack ${p([1, 2, 3, 4, 5, 6, 7, 8])}`,
    categories: ['table', 'blackjack'],
  }),
  (p) => ({ title: `${p(CITIES)} Baccarat`, categories: ['table', 'baccarat'] }),
  (p) => ({ title: `${p(TABLE_STYLES)} Hold'em ${p(CITIES)}`, categories: ['table', 'poker'] }),
  (p) => ({
    title: `${p(ADJECTIVES)} ${p(SHOW_NOUNS)} ${p(SHOW_SUFFIXES)}`,
    categories: ['game-show'],
  }),
]

/** A title as search and the title sort read it (migration 033's `title_key`). */
export function titleKey(title: string): string {
  return title.normalize('NFC').toLowerCase()
}

/** A game id made from its title: `Hold'em & Co` → `holdem-and-co`. */
export function slugOf(title: string): string {
  return titleKey(title)
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const FIRST_DAY = Date.UTC(2019, 0, 1)
const RELEASE_DAYS = 2860 // to late October 2026
const DAY_MS = 86_400_000

/**
 * The fictitious providers and games. Titles, ids and provider codes are unique (a drawn title
 * already taken, also by a sandbox game, is drawn again); a pattern that cannot find a fresh
 * title throws rather than loops.
 */
export function demoCatalogue(seed = 0x7e55e4a): { providers: SeedProvider[]; games: SeedGame[] } {
  const random = prng(seed)
  const pick: Pick = (list) => list[Math.floor(random() * list.length)]!
  const takenTitles = new Set(SANDBOX_GAMES.map((g) => titleKey(g.title)))
  const takenIds = new Set(SANDBOX_GAMES.map((g) => g.id))
  const perProvider = new Map<string, number>()
  const games: SeedGame[] = []
  for (const kind of ['slot', 'live'] as const) {
    const patterns = kind === 'slot' ? SLOT_PATTERNS : LIVE_PATTERNS
    const suppliers = DEMO_PROVIDERS.filter((p) => p.kinds === kind || p.kinds === BOTH)
    for (let i = 0; i < DEMO_COUNTS[kind]; i++) {
      let drawn: ReturnType<Pattern> | undefined
      for (let attempt = 0; attempt < 1000 && !drawn; attempt++) {
        const candidate = pick(patterns)(pick)
        const id = slugOf(candidate.title)
        if (!takenTitles.has(titleKey(candidate.title)) && !takenIds.has(id)) drawn = candidate
      }
      if (!drawn) throw new Error(`[catalogue] no fresh ${kind} title after 1000 draws`)
      const id = slugOf(drawn.title)
      takenTitles.add(titleKey(drawn.title))
      takenIds.add(id)
      // Round-robin keeps every provider's list about the same length.
      const provider = suppliers[i % suppliers.length]!
      const n = (perProvider.get(provider.id) ?? 0) + 1
      perProvider.set(provider.id, n)
      const categories: CatalogueCategory[] = [...drawn.categories]
      if (kind === 'slot' && !categories.includes('classic') && random() < 0.25) {
        categories.push('bonus-buy')
      }
      games.push({
        id,
        providerId: provider.id,
        title: drawn.title,
        kind,
        categories,
        releasedAt: new Date(FIRST_DAY + Math.floor(random() * RELEASE_DAYS) * DAY_MS)
          .toISOString()
          .slice(0, 10),
        // Cubed: a few hits and a long tail, as real play counts look.
        popularity: Math.floor(random() ** 3 * 80_000),
        hasDemo: random() < (kind === 'slot' ? 0.9 : 0.35),
        providerGameCode: `${provider.code}-${String(n).padStart(4, '0')}`,
        isDemoData: true,
      })
    }
  }
  return {
    providers: DEMO_PROVIDERS.map(({ id, name, isDemoData }) => ({ id, name, isDemoData })),
    games,
  }
}
