import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  )

const KEY_LEN = 32

/**
 * Hashes a password with scrypt (memory-hard: N=32768, r=8 uses 32 MiB). The cost is stored in
 * the hash, `scrypt$N$r$p$salt$key`, so it can be raised later without breaking old hashes.
 */
export async function hashPassword(password: string, N: number): Promise<string> {
  const salt = randomBytes(16)
  const r = 8
  const p = 1
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LEN, {
    N,
    r,
    p,
    maxmem: 256 * N * r,
  })
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$')
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await scrypt(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: 256 * Number(n) * Number(r),
    },
  )
  return timingSafeEqual(actual, expected)
}

/**
 * Burns the same time as a real check when the account does not exist, so log-in timing does not
 * reveal which e-mails and phones are registered.
 */
export async function verifyAgainstDummy(password: string, N: number): Promise<false> {
  dummy ??= hashPassword('dummy-password-for-timing', N)
  await verifyPassword(password, await dummy)
  return false
}
let dummy: Promise<string> | undefined
