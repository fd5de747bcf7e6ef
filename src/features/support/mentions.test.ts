import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mentionsSupport } from './mentions'

const root = resolve(__dirname, '../../..')
const policy = (locale: string) =>
  JSON.parse(readFileSync(join(root, 'locales', locale, 'policy.json'), 'utf8')) as Record<
    string,
    { sections: { paragraphs: string[] }[] }
  >
const paragraphs = (locale: string) =>
  Object.values(policy(locale)).flatMap((doc) => doc.sections.flatMap((s) => s.paragraphs))

describe('texts that send players to support', () => {
  it('are told from texts where the word means something else', () => {
    expect(mentionsSupport('Please contact support')).toBe(true)
    expect(mentionsSupport('Tell support at once')).toBe(true)
    expect(mentionsSupport('a supported social provider')).toBe(false)
    expect(mentionsSupport('Обратитесь в поддержку')).toBe(true)
    expect(mentionsSupport('через поддерживаемую социальную сеть')).toBe(false)
    expect(mentionsSupport('Қолдау қызметіне жүгініңіз')).toBe(true)
    expect(mentionsSupport('қолдау көрсетілетін әлеуметтік желі')).toBe(false)
  })

  it('are found in the same policy paragraphs in en, ru and kz', () => {
    const marks = (locale: string) => paragraphs(locale).map(mentionsSupport)
    expect(marks('en').filter(Boolean).length).toBeGreaterThanOrEqual(8)
    expect(marks('ru')).toEqual(marks('en'))
    expect(marks('kz')).toEqual(marks('en'))
  })
})
