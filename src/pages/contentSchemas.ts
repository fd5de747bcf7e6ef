import { z } from 'zod/mini'

/** A policy document of locales/<lang>/policy.json. */
export const policyDoc = z.object({
  title: z.string().check(z.minLength(1)),
  updated: z.string().check(z.minLength(1)),
  intro: z.string(),
  sections: z.array(
    z.object({ heading: z.string().check(z.minLength(1)), paragraphs: z.array(z.string()) }),
  ),
})
export type PolicyDoc = z.infer<typeof policyDoc>

/**
 * locales/<lang>/faq.json. Each answer has an `id`, the same in every language (the locale test
 * holds them equal), which also names its element on the page (`faq-<id>`).
 */
export const faqDoc = z.object({
  title: z.string().check(z.minLength(1)),
  intro: z.string(),
  items: z
    .array(
      z.object({
        id: z.string().check(z.regex(/^[a-z][a-z0-9-]*$/)),
        question: z.string().check(z.minLength(1)),
        answer: z.string().check(z.minLength(1)),
      }),
    )
    .check(z.minLength(1)),
})
export type FaqDoc = z.infer<typeof faqDoc>
