/**
 * The seamless wallet game providers call (issue 34, docs/providers.md): its routes, the launch
 * tokens the game pages create, and the signature recipe.
 */
export { walletRoutes } from './routes'
export { createLaunchToken, type LaunchToken } from './launch'
export { seedWalletProviders } from './providers'
export { Wallet } from './store'
export { WalletError } from './errors'
export {
  SIGNATURE_HEADER,
  SIGNATURE_WINDOW_S,
  TIMESTAMP_HEADER,
  checkSignature,
  walletSignature,
} from './signature'
