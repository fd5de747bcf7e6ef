import { describe, expect, it } from 'vitest'
import { INVALID_PARAMS, isInvalidParams, paramsSchema, parseErrorCode } from './params'

const valid = (path: string, params: Record<string, string>) =>
  paramsSchema(path).safeParse(params).success

describe('paramsSchema', () => {
  it('accepts only the three tournament statuses', () => {
    for (const status of ['active', 'upcoming', 'finished']) {
      expect(valid('/tournaments/:status', { status })).toBe(true)
    }
    for (const status of ['Active', 'past', '', 'active-']) {
      expect(valid('/tournaments/:status', { status })).toBe(false)
    }
  })

  it('accepts positive integer tournament ids only', () => {
    expect(valid('/tournament/:id', { id: '1' })).toBe(true)
    expect(valid('/tournament/:id', { id: '9999999999' })).toBe(true)
    for (const id of ['0', '-1', '01', '1.5', 'abc', '12345678901']) {
      expect(valid('/tournament/:id', { id })).toBe(false)
    }
  })

  it('accepts lowercase slugs for cases, slots and live casino', () => {
    for (const path of [
      '/games/cases/:slug',
      '/games/slots/:slots/demo',
      '/games/live-casino/:slots/play',
    ]) {
      const name = path.includes(':slug') ? 'slug' : 'slots'
      expect(valid(path, { [name]: 'book-of-ra-2' })).toBe(true)
      expect(valid(path, { [name]: 'a'.repeat(64) })).toBe(true)
      for (const bad of ['Book', '-lead', 'under_score', 'a'.repeat(65), '']) {
        expect(valid(path, { [name]: bad })).toBe(false)
      }
    }
  })

  it('accepts url-safe reset tokens of 16 to 256 characters', () => {
    expect(valid('/reset-password/:token', { token: 'abcDEF0123456789' })).toBe(true)
    expect(valid('/reset-password/:token', { token: 'x'.repeat(256) })).toBe(true)
    expect(valid('/reset-password/:token', { token: 'short' })).toBe(false)
    expect(valid('/reset-password/:token', { token: 'x'.repeat(257) })).toBe(false)
    expect(valid('/reset-password/:token', { token: 'abc+def/0123456789' })).toBe(false)
  })

  it('refuses a path whose param has no pattern', () => {
    expect(() => paramsSchema('/things/:unknown')).toThrow('[routes]')
  })
})

describe('parseErrorCode', () => {
  it('keeps HTTP status codes and drops anything else', () => {
    expect(parseErrorCode(404)).toBe(404)
    expect(parseErrorCode('451')).toBe(451)
    expect(parseErrorCode('abc')).toBeUndefined()
    expect(parseErrorCode(undefined)).toBeUndefined()
    expect(parseErrorCode(42)).toBeUndefined()
    expect(parseErrorCode(4.5)).toBeUndefined()
  })
})

describe('isInvalidParams', () => {
  it('recognises only the marker of a failed param check', () => {
    expect(isInvalidParams({ reason: INVALID_PARAMS })).toBe(true)
    expect(isInvalidParams(undefined)).toBe(false)
    expect(isInvalidParams({ reason: 'other' })).toBe(false)
  })
})
