import type { Services } from '../services'
import { RESEND_COOLDOWN_S, type CodePurpose } from './codes'
import { tooManyRequests } from '../http/errors'

const subjects: Record<CodePurpose, string> = {
  login: 'Your log-in code',
  verify_email: 'Confirm your e-mail',
  verify_phone: 'Confirm your phone',
  reset: 'Password reset',
}

/**
 * Issues a code and sends it by e-mail or SMS, refusing with 429 inside the resend cooldown.
 * With `deliver: false` the code is issued (so timing and cooldown look the same) but not sent,
 * which keeps unknown addresses from being told apart from registered ones.
 */
export async function sendCode(
  s: Services,
  purpose: CodePurpose,
  channel: 'email' | 'sms',
  to: string,
  deliver = true,
  extra = '',
): Promise<{ success: true; resend_in: number }> {
  const wait = await s.codes.cooldown(purpose, to)
  if (wait > 0) throw tooManyRequests(wait)
  const code = await s.codes.issue(purpose, to)
  if (deliver) {
    await s.outbox.send({
      channel,
      to,
      subject: subjects[purpose],
      body: `Your Tessera code is ${code}. It is valid for 10 minutes.${extra}`,
      code,
    })
  }
  return { success: true, resend_in: RESEND_COOLDOWN_S }
}
