import { useState, type ReactNode } from 'react'
import { useKitText } from './kitText'

/** How a past result reads at a glance: poor, fair or great (red, green, gold). */
export type ResultTone = 'low' | 'mid' | 'high'

/** Props of `ResultStrip`. */
export interface ResultStripProps<T> {
  /** Test ids read `<game>.history` and `<game>.history-item`. */
  game: string
  /** Finished rounds, newest first. */
  items: readonly T[]
  /** Each round's id (`data-round-id`, the list key). */
  idOf: (item: T) => string
  /** The chip's text, e.g. `2.41x`. */
  textOf: (item: T) => string
  toneOf: (item: T) => ResultTone
  /** The chip's accessible name, translated: what it is and that it opens the proof. */
  labelOf: (item: T) => string
  /** The proof of an opened round; `close` closes it. */
  renderProof: (item: T, close: () => void) => ReactNode
}

/** The last rounds' results as chips; each opens its fairness proof. */
export function ResultStrip<T>(props: ResultStripProps<T>) {
  const t = useKitText(props.game)
  const { game, items, idOf } = props
  const [open, setOpen] = useState<T | null>(null)
  return (
    <nav
      className="game-history"
      aria-label={t('kit:history.title')}
      data-testid={`${game}.history`}
    >
      <ol>
        {items.map((item) => (
          <li key={idOf(item)}>
            <button
              type="button"
              className={`game-history__chip game-history__chip--${props.toneOf(item)}`}
              data-testid={`${game}.history-item`}
              data-round-id={idOf(item)}
              aria-label={props.labelOf(item)}
              onClick={() => setOpen(item)}
            >
              {props.textOf(item)}
            </button>
          </li>
        ))}
      </ol>
      {open ? props.renderProof(open, () => setOpen(null)) : null}
    </nav>
  )
}
