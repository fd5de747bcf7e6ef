import { newIdempotencyKey } from '../../engine/stream'
import type { CommandKey } from '../protocol'

/** A fresh idempotency key for one player action (a UUID), made at the app edge. */
export const newCommandKey = (): CommandKey => newIdempotencyKey() as string as CommandKey
