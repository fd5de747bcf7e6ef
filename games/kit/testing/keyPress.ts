/**
 * Test-only: a key press as the kit's shortcuts read it (`hotkeys.ts`), on a fresh element of
 * `tag` in the page (a field, a button, the body), for the tests of each family's keys.
 */
import type { KeyPress } from '../ui/hotkeys'

/** The press of `code`/`key` on a new `tag` element, unmodified unless `extra` says so. */
export function keyPress(
  code: string,
  key: string,
  tag = 'BODY',
  extra: Partial<KeyPress> = {},
): KeyPress {
  const target = document.createElement(tag)
  document.body.append(target)
  return {
    code,
    key,
    repeat: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target,
    ...extra,
  }
}
