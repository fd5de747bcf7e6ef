/** Where a game's log lines go. */

/** A sink for log lines (pino's shape, so Fastify's `app.log` fits). */
export interface GameLog {
  info(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

/** Log lines on the console, for a game started without a logger (scripts, benchmarks). */
export const consoleLog: GameLog = {
  info: (obj, msg) => console.info(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
}
