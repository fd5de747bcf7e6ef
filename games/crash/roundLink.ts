/**
 * The crash page's URL parameter that opens one finished round's fairness proof:
 * `/games/crash?round=<roundId>` (profile history links use it): the live kit's round parameter.
 */
import { parseRoundSearch } from '../kit/live/roundLink'

/** The crash page's search parameters, validated; a malformed `round` is ignored (null). */
export const parseCrashSearch = parseRoundSearch
