/**
 * The players' colours, by `colour` (rules.ts `PLAYER_COLOURS`: 12), chosen to stay apart on the
 * dark page. Shared by the wheel and the players' list, so a player's arc and row match.
 */
export const PLAYER_PALETTE = [
  0xe5484d, 0xf5a524, 0x8e4ec6, 0x30a46c, 0x0091ff, 0xd6409f, 0x12a594, 0xf76b15, 0x6e56cf,
  0x99d52a, 0x3e63dd, 0xffc53d,
] as const

/** A palette colour as CSS text. */
export const cssColour = (colour: number): string =>
  `#${(PLAYER_PALETTE[colour % PLAYER_PALETTE.length] ?? 0).toString(16).padStart(6, '0')}`
