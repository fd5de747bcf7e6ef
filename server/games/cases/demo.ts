/**
 * The reference server's demo cases (seeded by server/db/seed.ts; RUB, each between 90 % and 97 %
 * return to player, checked by demo.test.ts), and the items they share. Data.
 */
import type { Minor } from '../../../games/engine/money'
import type { CaseItem, CaseTable, CaseText, Rarity } from '../../../games/cases/rules'

/** A demo case: its catalogue entry and its item table. */
export interface DemoCase {
  readonly slug: string
  readonly name: CaseText
  /** The picture under `public/` (made for the project). */
  readonly image: string
  readonly price: Minor
  readonly table: CaseTable
}

const NAMES = {
  feather: { en: 'Feather', ru: 'Перо', kz: 'Қауырсын' },
  shell: { en: 'Seashell', ru: 'Ракушка', kz: 'Бақалшақ' },
  'copper-coin': { en: 'Copper coin', ru: 'Медная монета', kz: 'Мыс тиын' },
  key: { en: 'Old key', ru: 'Старый ключ', kz: 'Ескі кілт' },
  compass: { en: 'Compass', ru: 'Компас', kz: 'Компас' },
  crown: { en: 'Crown', ru: 'Корона', kz: 'Тәж' },
  pebble: { en: 'Pebble', ru: 'Галька', kz: 'Малтатас' },
  lantern: { en: 'Lantern', ru: 'Фонарь', kz: 'Шам' },
  'silver-ring': { en: 'Silver ring', ru: 'Серебряное кольцо', kz: 'Күміс сақина' },
  hourglass: { en: 'Hourglass', ru: 'Песочные часы', kz: 'Құм сағат' },
  'gold-bar': { en: 'Gold bar', ru: 'Золотой слиток', kz: 'Алтын құйма' },
  scroll: { en: 'Scroll', ru: 'Свиток', kz: 'Орама' },
  amber: { en: 'Amber', ru: 'Янтарь', kz: 'Кәріптас' },
  pearl: { en: 'Pearl', ru: 'Жемчужина', kz: 'Інжу' },
  emerald: { en: 'Emerald', ru: 'Изумруд', kz: 'Зүбәржат' },
  diamond: { en: 'Diamond', ru: 'Бриллиант', kz: 'Гауһар' },
  ruby: { en: 'Ruby', ru: 'Рубин', kz: 'Лағыл' },
  sapphire: { en: 'Sapphire', ru: 'Сапфир', kz: 'Сапфир' },
} as const satisfies Record<string, CaseText>

/** An item: its id, tickets of 100000, rarity and value in kopecks. */
function item(id: keyof typeof NAMES, tickets: number, rarity: Rarity, value: number): CaseItem {
  return { id, name: NAMES[id], tickets, rarity, value: value as Minor }
}

const rub = (items: CaseItem[]): CaseTable => ({ currency: 'RUB', items })

/** The demo cases, cheapest first. */
export const DEMO_CASES: readonly DemoCase[] = [
  {
    slug: 'pocket',
    name: { en: 'Pocket Change', ru: 'Мелочь в кармане', kz: 'Қалта ақшасы' },
    image: '/cases/pocket.svg',
    price: 5_000 as Minor, // 50 RUB, 92.60 %
    table: rub([
      item('feather', 40_000, 'common', 1_000),
      item('shell', 30_000, 'common', 2_500),
      item('copper-coin', 18_000, 'uncommon', 5_000),
      item('key', 9_000, 'rare', 12_000),
      item('compass', 2_500, 'epic', 30_000),
      item('crown', 500, 'legendary', 150_000),
    ]),
  },
  {
    slug: 'bronze',
    name: { en: 'Bronze Chest', ru: 'Бронзовый сундук', kz: 'Қола сандық' },
    image: '/cases/bronze.svg',
    price: 15_000 as Minor, // 150 RUB, 93.80 %
    table: rub([
      item('pebble', 38_000, 'common', 3_000),
      item('copper-coin', 30_000, 'uncommon', 7_500),
      item('lantern', 20_000, 'uncommon', 15_000),
      item('silver-ring', 9_000, 'rare', 35_000),
      item('hourglass', 2_700, 'epic', 90_000),
      item('gold-bar', 300, 'legendary', 700_000),
    ]),
  },
  {
    slug: 'silver',
    name: { en: 'Silver Vault', ru: 'Серебряный сейф', kz: 'Күміс сейф' },
    image: '/cases/silver.svg',
    price: 50_000 as Minor, // 500 RUB, 91.40 %
    table: rub([
      item('scroll', 40_000, 'common', 12_000),
      item('amber', 30_000, 'uncommon', 22_000),
      item('silver-ring', 18_000, 'rare', 45_000),
      item('pearl', 9_000, 'rare', 120_000),
      item('emerald', 2_800, 'epic', 300_000),
      item('diamond', 200, 'legendary', 3_500_000),
    ]),
  },
  {
    slug: 'gold',
    name: { en: 'Royal Treasury', ru: 'Царская казна', kz: 'Патша қазынасы' },
    image: '/cases/gold.svg',
    price: 200_000 as Minor, // 2000 RUB, 95.10 %
    table: rub([
      item('amber', 42_000, 'common', 40_000),
      item('pearl', 30_000, 'uncommon', 90_000),
      item('gold-bar', 18_000, 'rare', 240_000),
      item('ruby', 7_500, 'epic', 600_000),
      item('sapphire', 2_400, 'epic', 1_800_000),
      item('crown', 100, 'legendary', 15_000_000),
    ]),
  },
]
