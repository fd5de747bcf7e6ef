import { describe, expect, it } from 'vitest'
import { gameImageSvg, titleLines } from './image'

describe('game pictures', () => {
  it('are the same for the same game and differ between games', () => {
    const game = { id: 'book-of-tessera', title: 'Book of Tessera', providerName: 'Tessera' }
    expect(gameImageSvg(game)).toBe(gameImageSvg({ ...game }))
    expect(gameImageSvg({ ...game, id: 'other' })).not.toBe(gameImageSvg(game))
  })

  it('escape the title and provider as XML text', () => {
    const svg = gameImageSvg({
      id: 'x',
      title: `<script>alert("1")</script> & 'co'`,
      providerName: 'A & B <b>',
    })
    expect(svg).not.toMatch(/<script|<b>/)
    expect(svg).toContain('&#60;script&#62;')
    expect(svg).toContain('A &#38; B &#60;b&#62;')
  })

  it('wrap the title into at most three lines, cutting the rest', () => {
    expect(titleLines('Book of Sands')).toEqual(['Book of Sands'])
    expect(titleLines('Book of Tessera')).toEqual(['Book of', 'Tessera'])
    expect(titleLines('Ancient Samurai Megaways')).toEqual(['Ancient', 'Samurai', 'Megaways'])
    expect(titleLines('One Two Three Four Five Six Seven Eight Nine Ten', 9)).toEqual([
      'One Two',
      'Three',
      'Four Five…',
    ])
  })
})
