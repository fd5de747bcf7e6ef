/**
 * The HTTP contract between the client (src/api) and the reference server (server/): request
 * bodies and answers of SPEC.md section 7 as zod schemas. Pure: imports only zod. See docs/api.md.
 */
export * from './common'
export * from './errors'
export * from './auth'
export * from './profile'
export * from './billing'
export * from './bonus'
export * from './misc'
export * from './games'
export * from './rounds'
export * from './cases'
export * from './analytics'
export * from './social'
export * from './botcheck'
export * from './geo'
export * from './attribution'
export * from './support'
export * from './wallet'
export * from './catalogue'
