/**
 * Whether a text sends the player to support ("contact support", «в поддержку», «қолдау
 * қызметіне»), so the page can put a link to the chat after it. "Supported" and «поддерживаемый»,
 * «қолдау көрсетілетін» (the same root, another meaning) do not count.
 */
export function mentionsSupport(text: string): boolean {
  return /\bsupport\b|поддержк|қолдау қызмет/i.test(text)
}
