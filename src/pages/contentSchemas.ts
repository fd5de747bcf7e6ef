import { z } from 'zod'

/** A policy document of locales/<lang>/policy.json. */
export const policyDoc = z.object({
  title: z.string().min(1),
  updated: z.string().min(1),
  intro: z.string(),
  sections: z.array(z.object({ heading: z.string().min(1), paragraphs: z.array(z.string()) })),
})
export type PolicyDoc = z.infer<typeof policyDoc>

/** locales/<lang>/faq.json. */
export const faqDoc = z.object({
  title: z.string().min(1),
  intro: z.string(),
  items: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).min(1),
})
export type FaqDoc = z.infer<typeof faqDoc>
