/**
 * Test-only: the canvas index as a page's component test mocks it (`vi.mock('…/engine/canvas',
 * () => import('…/engine/canvas/testing/overlayOnlyCanvas'))`): jsdom has no WebGL, so the host
 * draws no scene and renders only its overlay.
 */
import type { ReactNode } from 'react'

/** `CanvasHost` without the canvas: its children (the overlay) in a plain element. */
export function CanvasHost({ children }: { children?: ReactNode }) {
  return <div>{children}</div>
}
