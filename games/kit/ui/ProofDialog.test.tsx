import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ProofDialog } from './ProofDialog'

function Opener({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open proof
      </button>
      {open ? (
        <ProofDialog
          game="dice"
          title="Proof"
          status="ready"
          message=""
          closeLabel="Close"
          onClose={() => {
            onClose()
            setOpen(false)
          }}
        >
          <p>The proof</p>
        </ProofDialog>
      ) : null}
    </>
  )
}

describe('ProofDialog focus', () => {
  it('opens as a modal dialog with focus on Close, and returns focus to the opener on Esc', () => {
    const onClose = vi.fn()
    render(<Opener onClose={onClose} />)
    const opener = screen.getByRole('button', { name: 'Open proof' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Proof' })
    expect(dialog.tagName).toBe('DIALOG')
    expect(dialog.hasAttribute('open')).toBe(true)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('returns focus after Close, and a click on the backdrop closes it', () => {
    render(<Opener />)
    const opener = screen.getByRole('button', { name: 'Open proof' })
    opener.focus()
    fireEvent.click(opener)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(document.activeElement).toBe(opener)
    fireEvent.click(opener)
    fireEvent.click(screen.getByText('The proof'))
    expect(screen.getByRole('dialog')).toBeDefined()
    fireEvent.click(screen.getByRole('dialog'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })
})
