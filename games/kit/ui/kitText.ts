import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

/** Interpolation values of a text. */
type TextOptions = Record<string, unknown>

/**
 * The kit's translate function for `game`: a kit text (`kit:autobet.stopped.rounds`) in the
 * game's own wording when its namespace has the same key (`crash:autobet.stopped.rounds`), else
 * the kit's; any other key as it is. A game rewords a kit text by adding the key, nothing else.
 */
export function useKitText(game: string): (key: string, options?: TextOptions) => string {
  const { t } = useTranslation()
  return useCallback(
    (key: string, options?: TextOptions) =>
      key.startsWith('kit:')
        ? t([`${game}:${key.slice('kit:'.length)}`, key], options)
        : t(key, options),
    [t, game],
  )
}
