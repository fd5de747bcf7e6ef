import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactElement,
} from 'react'

/** Visual themes of SPEC.md section 3. */
export type TooltipTheme = 'white-tooltip' | 'gray-tooltip' | 'regdep-tooltip'

/** Delays of SPEC.md section 9: a tooltip waits before showing and lingers before hiding. */
export const TOOLTIP_SHOW_DELAY_MS = 200
export const TOOLTIP_HIDE_DELAY_MS = 150

interface TooltipProps {
  /** Already translated text. */
  content: string
  theme?: TooltipTheme
  /** One focusable element (button, link); it gets aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>
}

/**
 * A text tooltip on hover and keyboard focus. Escape hides it (WCAG 1.4.13); the delays keep it
 * from flickering when the pointer only passes over.
 */
export function Tooltip({ content, theme = 'gray-tooltip', children }: TooltipProps) {
  const id = useId()
  const [visible, setVisible] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const schedule = useCallback((next: boolean) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(
      () => setVisible(next),
      next ? TOOLTIP_SHOW_DELAY_MS : TOOLTIP_HIDE_DELAY_MS,
    )
  }, [])

  useEffect(() => () => clearTimeout(timer.current), [])

  useEffect(() => {
    if (!visible) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        clearTimeout(timer.current)
        setVisible(false)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [visible])

  return (
    <span
      className="tooltip-anchor"
      onMouseEnter={() => schedule(true)}
      onMouseLeave={() => schedule(false)}
      onFocus={() => schedule(true)}
      onBlur={() => schedule(false)}
    >
      {cloneElement(children, { 'aria-describedby': id })}
      <span role="tooltip" id={id} className={`tooltip ${theme}`} hidden={!visible}>
        {content}
      </span>
    </span>
  )
}
