/**
 * The game kit: what every game shares on top of the engine (games/engine), for the games
 * themselves and the shell. The wire (ids, the error ack, `defineWire`), the one adapter from a
 * wire to a round machine, the live stream connection, auto-bet, and the page every game plugs
 * into with its controls, tables and dialogs. docs/adding-a-game.md says how a game uses it.
 */
// The wire: declaring it, then the ids, money fields and refusals every game's wire uses.
export {
  defineWire,
  errorAckSchema,
  COMMON_ERROR_CODES,
  type Wire,
  type WireSpec,
  type WireEvents,
  type WireCommands,
  type WireCommand,
  type EventOf,
  type CommandNameOf,
  type RequestOf,
  type AnyRequestOf,
  type AckOf,
  type CommonErrorCode,
} from './protocol'
export {
  roundIdSchema,
  betIdSchema,
  commandKeySchema,
  stakeSchema,
  fundsSchema,
  serverTimeSchema,
  type RoundId,
  type BetId,
  type CommandKey,
} from './protocol'
export {
  commandActors,
  connectionMessage,
  machineEvent,
  type CommandActors,
  type ConnectionEvent,
} from './wireLink'
export {
  connectGameStream,
  streamTransport,
  type MachineInbox,
  type RequestSender,
  type WireStream,
} from './stream/connectGameStream'
export { newCommandKey } from './stream/commandKey'
export {
  MAX_AUTOBET_ROUNDS,
  autobetSettingsValid,
  createAutobetMachine,
  type AutobetBase,
  type AutobetEmitted,
  type AutobetMachine,
  type AutobetRefusal,
  type AutobetSettings,
  type AutobetStopReason,
} from './autobet.machine'
export { GamePage, type GamePageOf } from './ui/GamePage'
export type {
  GameHooks,
  GameLayoutProps,
  GameModule,
  GameLinks,
  GamePageProps,
  GamePlayer,
  LiveTablesShell,
  OpenedStream,
} from './ui/gameModule'
export { GameFrame, type GameFrameProps } from './ui/GameFrame'
export { ConnectionBadge } from './ui/ConnectionBadge'
export {
  BetError,
  BetStatus,
  GamePanel,
  kitErrorKey,
  type BetStatusProps,
  type GamePanelProps,
  type KitError,
} from './ui/GamePanel'
export { AmountField, initialAmountText, type AmountFieldProps } from './ui/AmountField'
export { adjustAmount, amountText, readAmount, type AmountAction } from './ui/betAmount'
export { ModePanel, ModeTabs, type BetMode, type ModeTabsProps } from './ui/ModeTabs'
export { MainButton, useSpaceKey, type MainButtonProps } from './ui/MainButton'
export { AutoBetPanel, type AutoBetPanelProps, type AutoBetStatus } from './ui/AutoBetPanel'
export {
  readAutoBetForm,
  readRounds,
  readStopAmount,
  type AutoBetFieldSpec,
  type AutoBetFormText,
  type AutoBetParamsForm,
} from './ui/autoBetForm'
export {
  linkAutobet,
  refusalOf,
  type AutobetHooks,
  type FollowedBet,
  type RoundActorLike,
} from './ui/autoBetLink'
export { useAutobet, type AutobetControl } from './ui/useAutobet'
export {
  LIVE_BETS_SHOWN,
  LiveBets,
  leadingBets,
  type LiveBetRow,
  type LiveBetsColumn,
  type LiveBetsProps,
} from './ui/LiveBets'
export { BetsTable, type BetsTableProps } from './ui/LiveBets'
export { ResultStrip, type ResultStripProps, type ResultTone } from './ui/ResultStrip'
export {
  ProofDialog,
  useProofRequest,
  type ProofDialogProps,
  type ProofRequest,
  type ProofStatus,
} from './ui/ProofDialog'
export { proofLoader, type LoadProof, type ProofEndpoint, type ProofResult } from './ui/proof'
// Instant games (dice, roulette...): the round machine and the bet panel with keyboard play.
export {
  RECENT_LENGTH,
  REVEAL_MS,
  createInstantRoundMachine,
  type InstantResult,
  type InstantRoundContext,
  type InstantRoundError,
  type InstantRoundEvent,
  type InstantRoundInput,
  type InstantRoundMachine,
  type InstantSeeds,
} from './instant/round.machine'
export { instantErrorKey } from './instant/ui/instantErrors'
export {
  InstantBetPanel,
  type InstantAutobetMount,
  type InstantBetPanelProps,
} from './instant/ui/InstantBetPanel'
// Auto-bet of the instant games: the machine, its link to the round machine, the panel.
export {
  MAX_AUTOBET_BETS,
  MAX_DECREASE_BP,
  MAX_INCREASE_BP,
  createInstantAutobetMachine,
  instantAutobetSettingsValid,
  nextAmount,
  type AmountChange,
  type AmountLimits,
  type InstantAutobetContext,
  type InstantAutobetEmitted,
  type InstantAutobetEvent,
  type InstantAutobetMachine,
  type InstantAutobetRefusal,
  type InstantAutobetSettings,
  type InstantAutobetStopReason,
  type PercentBp,
} from './instant/autobet.machine'
export { instantRefusalOf, linkInstantAutobet, type InstantRoundLike } from './instant/autobetLink'
export {
  InstantAutoBetPanel,
  type InstantAutoBetPanelProps,
} from './instant/ui/InstantAutoBetPanel'
export {
  INSTANT_AUTOBET_DEFAULTS,
  readBets,
  readInstantAutoBetForm,
  readPercent,
  type InstantAutoBetText,
} from './instant/ui/instantAutoBetForm'
export {
  useInstantAutobet,
  type InstantAutobetControl,
  type InstantAutobetStatus,
} from './instant/ui/useInstantAutobet'
export {
  INSTANT_SHORTCUTS,
  shortcutOf,
  useInstantHotkeys,
  type InstantShortcut,
} from './instant/ui/instantHotkeys'
export { useInstantSettings, type InstantSettings } from './ui/instantSettings'
export { asInstantWire, instantCommandActors, type AnyInstantWire } from './instant/link'
// The verifier itself (`./instant/verify`) is not re-exported: a value export here would pull its
// hashing into every page that imports the kit, where InstantBetProof loads it on demand.
export type { InstantProof, InstantVerdict } from './instant/verify'
export { parseBetSearch } from './instant/betLink'
export {
  instantBetProofLoader,
  type InstantBetProofOf,
  type InstantProofSchemas,
  type LoadInstantBetProof,
} from './instant/ui/betProof'
export { InstantBetProof, type InstantBetProofProps } from './instant/ui/InstantBetProof'
export { SeedsDialog, type SeedsDialogProps } from './seeds/SeedsDialog'
export {
  InstantLiveTables,
  connectLiveTables,
  type ConnectLiveTables,
  type InstantLiveTablesProps,
} from './instant/ui/InstantLiveTables'
export {
  EMPTY_LIVE_TABLES,
  applyLiveEvent,
  type LiveTableRow,
  type LiveTables,
  type LiveTablesEvent,
} from './instant/liveTables'
export { seedsApi, type SeedsApi, type SeedsResult } from './seeds/seedsApi'
