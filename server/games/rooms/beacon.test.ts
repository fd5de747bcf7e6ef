import { describe, expect, it } from 'vitest'
import { beaconReader } from './beacon'

const log = { info: () => {}, error: () => {} }
const answer = (body: string, status = 200) =>
  (async () => new Response(body, { status })) as unknown as typeof fetch

describe('the rooms beacon', () => {
  it('is absent without a URL', () => {
    expect(beaconReader(null, log)).toBeUndefined()
  })

  it('reads the trimmed body as the value', async () => {
    expect(await beaconReader('https://beacon.test', log, answer(' 0ab:cd 17\n'))!()).toBe(
      '0ab:cd 17',
    )
  })

  it('draws without a beacon on a bad answer, an error status or no answer', async () => {
    expect(await beaconReader('https://b.test', log, answer('a\nb'))!()).toBeNull()
    expect(await beaconReader('https://b.test', log, answer('x'.repeat(257)))!()).toBeNull()
    expect(await beaconReader('https://b.test', log, answer('fine', 503))!()).toBeNull()
    const down = (async () => {
      throw new Error('down')
    }) as unknown as typeof fetch
    expect(await beaconReader('https://b.test', log, down)!()).toBeNull()
  })
})
