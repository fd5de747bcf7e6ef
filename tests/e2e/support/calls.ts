/** API paths the e2e tests call directly (the reference server serves the API under /api). */
export const LOGIN_CALL = '/api/api/v2/auth/login/email/password'
/** The profile call: the server's word on a player's balance. */
export const PROFILE_CALL = '/api/profile/user'
