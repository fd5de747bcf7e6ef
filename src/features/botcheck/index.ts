/** The bot check (issue #31 item 7): see botCheck.ts and loader.machine.ts. */
export { botCheckFields } from './botCheck'
