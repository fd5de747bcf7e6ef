/**
 * Full screen for a game's area. The Fullscreen API where the browser has it for elements
 * (Safari before 16.4 with its `webkit` prefix); where it has none (iPhone Safari allows only
 * video in full screen) a "theatre" layout instead: the area fixed over the whole viewport, the
 * page under it kept from scrolling. Esc or the button leaves either; the browser's own Esc
 * leaves full screen, and a dialog open over the game keeps the key (`useModalDialog`).
 */
import { useEffect, useState, type RefObject } from 'react'

/** How the area is shown. */
export type ScreenMode = 'normal' | 'fullscreen' | 'theatre'

type PrefixedElement = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void }
type PrefixedDocument = Document & {
  webkitFullscreenElement?: Element | null
  webkitExitFullscreen?: () => Promise<void> | void
}

/** The element in full screen, prefixed or not. */
function fullscreenElement(): Element | null {
  const doc = document as PrefixedDocument
  return doc.fullscreenElement ?? doc.webkitFullscreenElement ?? null
}

/** The browser can put `element` itself in full screen. */
export function canFullscreen(element: HTMLElement): boolean {
  const prefixed = element as PrefixedElement
  return (
    (document.fullscreenEnabled === true && typeof element.requestFullscreen === 'function') ||
    typeof prefixed.webkitRequestFullscreen === 'function'
  )
}

/** The class `<html>` carries while a game is in theatre: the page behind does not scroll. */
export const THEATRE_CLASS = 'game-theatre-open'

/** The area's screen mode, and a toggle between normal and full screen (or theatre). */
export function useFullscreen(area: RefObject<HTMLElement | null>): {
  mode: ScreenMode
  toggle: () => void
} {
  const [mode, setMode] = useState<ScreenMode>('normal')

  useEffect(() => {
    const onChange = () =>
      setMode((current) =>
        fullscreenElement() === area.current && area.current !== null
          ? 'fullscreen'
          : current === 'fullscreen'
            ? 'normal'
            : current,
      )
    document.addEventListener('fullscreenchange', onChange)
    document.addEventListener('webkitfullscreenchange', onChange)
    return () => {
      document.removeEventListener('fullscreenchange', onChange)
      document.removeEventListener('webkitfullscreenchange', onChange)
    }
  }, [area])

  useEffect(() => {
    if (mode !== 'theatre') return
    const root = document.documentElement
    root.classList.add(THEATRE_CLASS)
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setMode('normal')
    }
    window.addEventListener('keydown', onKey)
    return () => {
      root.classList.remove(THEATRE_CLASS)
      window.removeEventListener('keydown', onKey)
    }
  }, [mode])

  // Leaving the page in full screen leaves full screen too.
  useEffect(() => {
    const element = area.current
    return () => {
      if (element && fullscreenElement() === element) void exitFullscreen()
    }
  }, [area])

  const toggle = () => {
    const element = area.current
    if (!element) return
    if (mode === 'theatre') setMode('normal')
    else if (mode === 'fullscreen') void exitFullscreen()
    else if (canFullscreen(element)) {
      // A refusal (no gesture, a policy) falls back to the theatre, which needs no permission.
      void requestFullscreen(element).catch(() => setMode('theatre'))
    } else setMode('theatre')
  }

  return { mode, toggle }
}

async function requestFullscreen(element: HTMLElement): Promise<void> {
  const prefixed = element as PrefixedElement
  if (typeof element.requestFullscreen === 'function') await element.requestFullscreen()
  else await prefixed.webkitRequestFullscreen?.()
}

async function exitFullscreen(): Promise<void> {
  const doc = document as PrefixedDocument
  if (typeof doc.exitFullscreen === 'function') await doc.exitFullscreen()
  else await doc.webkitExitFullscreen?.()
}
