import { z } from 'zod/mini'

/** The social log-in providers of PUT /auth/login, in the order the log-in form shows them. */
export const socialProviderIds = ['google', 'telegram', 'vk', 'yandex'] as const
/** One of {@link socialProviderIds}. */
export type SocialProviderId = (typeof socialProviderIds)[number]

/**
 * GET /config `social_providers`: the providers this deployment signs players in with (the
 * configured ones; in sandbox mode all, the sandbox provider standing in). Absent from a backend
 * that predates it, which then offers none.
 */
export const socialProvidersField = z.optional(z.array(z.enum(socialProviderIds)))

/**
 * Message a social popup posts to `window.opener` (target origin = PUT /auth/login's origin)
 * when the provider refused or the attempt could not be checked; the success message is
 * `socialLoginMessage` (auth.ts).
 */
export const socialLoginFailedMessage = z.object({ type: z.literal('tessera:social-login-failed') })
export type SocialLoginFailedMessage = z.infer<typeof socialLoginFailedMessage>
