import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/rooms.json'
import { i18nTestEnv } from '../../kit/testing/i18n'
import { PlayerAvatar } from './PlayerAvatar'

i18nTestEnv({ en: { rooms: en } })

/** The neutral picture's markup. */
const drawn = (name: string | null, hidden = false) =>
  render(<PlayerAvatar name={name} hidden={hidden} />).container.innerHTML

describe("a player's avatar", () => {
  it('is generated from the public name: the same name, the same picture; another, another', async () => {
    // The library loads lazily: the neutral picture shows until it is there.
    const pictures = render(
      <>
        <PlayerAvatar name="alice" hidden={false} />
        <PlayerAvatar name="alice" hidden={false} />
        <PlayerAvatar name="bob" hidden={false} />
      </>,
    ).container
    await waitFor(() => expect(pictures.querySelectorAll('svg')).toHaveLength(3))
    const [alice, again, bob] = [...pictures.querySelectorAll('svg')].map((svg) =>
      svg.outerHTML.replace(/(id|mask)="[^"]*"/g, ''),
    )
    expect(alice).toBe(again)
    expect(alice).not.toBe(bob)
  })

  it('is the neutral one, the same for all, when hidden or nameless', () => {
    expect(drawn('alice', true)).toContain('data-hidden="true"')
    expect(drawn('alice', true)).toBe(drawn('bob', true))
    expect(drawn(null)).toBe(drawn('carol', true))
  })
})
