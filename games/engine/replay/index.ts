/** Recordings of game streams and their replay through a machine on a virtual clock. */
export {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  ackEventName,
  failEventName,
  parseRecording,
  recordingSchema,
  type RecordedEvent,
  type RecordedInput,
  type Recording,
} from './format'
export { createRecorder, type Recorder, type RecorderClock, type RecorderOptions } from './recorder'
export {
  canonical,
  replay,
  type CommandTransport,
  type ReplayDeps,
  type ReplayOptions,
  type ReplayResult,
  type TimelineEntry,
} from './replayer'
export { VirtualClock } from './virtualClock'
