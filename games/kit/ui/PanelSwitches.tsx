import { useState } from 'react'
import { LazySeedsDialog } from '../seeds/LazySeedsDialog'
import type { SeedsApi } from '../seeds/seedsApi'
import { useInstantSettings } from './instantSettings'
import { useKitText } from './kitText'
import { ProofDialog } from './ProofDialog'

/** Which of the panel's dialogs is open: the list of shortcuts, the seed pair, or none. */
export type PanelDialog = 'help' | 'seeds' | null

/** The panel's open dialog and its setter (the hotkeys rest while one is open). */
export function usePanelDialog() {
  const [open, setOpen] = useState<PanelDialog>(null)
  return { open, setOpen }
}

/** Props of `PanelSwitches`. */
export interface PanelSwitchesProps {
  /** Test ids read `<game>.instant-play`, `<game>.hotkeys`, `<game>.shortcuts`, `<game>.seeds`. */
  game: string
  /** The player's seed pair calls; the Seeds button shows only with them. */
  seeds: SeedsApi | null | undefined
  /** The keys the shortcuts dialog lists (the key as shown and its translation key). */
  shortcuts: readonly { key: string; label: string }[]
  dialog: ReturnType<typeof usePanelDialog>
}

/**
 * The row under a bet panel's main button, the same in every family: instant play and keyboard
 * shortcuts (the player's settings), the list of shortcuts and the seed pair, each in its dialog.
 */
export function PanelSwitches({ game, seeds, shortcuts, dialog }: PanelSwitchesProps) {
  const t = useKitText(game)
  const settings = useInstantSettings()
  const close = () => dialog.setOpen(null)
  return (
    <>
      <div className="game-panel__switches">
        <label>
          <input
            type="checkbox"
            data-testid={`${game}.instant-play`}
            checked={settings.instantPlay}
            onChange={(event) => settings.setInstantPlay(event.target.checked)}
          />
          {t('kit:instant.instantPlay')}
        </label>
        <label>
          <input
            type="checkbox"
            data-testid={`${game}.hotkeys`}
            checked={settings.hotkeys}
            onChange={(event) => settings.setHotkeys(event.target.checked)}
          />
          {t('kit:instant.hotkeys')}
        </label>
        <button
          type="button"
          className="button button--ghost"
          data-testid={`${game}.shortcuts`}
          onClick={() => dialog.setOpen('help')}
        >
          {t('kit:instant.shortcuts')}
        </button>
        {seeds ? (
          <button
            type="button"
            className="button button--ghost"
            data-testid={`${game}.seeds`}
            onClick={() => dialog.setOpen('seeds')}
          >
            {t('kit:seeds.open')}
          </button>
        ) : null}
      </div>
      {dialog.open === 'seeds' && seeds ? (
        <LazySeedsDialog game={game} api={seeds} onClose={close} />
      ) : null}
      {dialog.open === 'help' ? (
        <ProofDialog
          game={game}
          testId={`${game}.shortcuts-dialog`}
          title={t('kit:instant.shortcuts')}
          status="ready"
          message=""
          closeLabel={t('kit:instant.close')}
          onClose={close}
        >
          <dl className="game-shortcuts">
            {shortcuts.map((s) => (
              <div key={s.key}>
                <dt>
                  <kbd>{s.key}</kbd>
                </dt>
                <dd>{t(s.label)}</dd>
              </div>
            ))}
          </dl>
          {settings.hotkeys ? null : <p>{t('kit:instant.hotkeysOff')}</p>}
        </ProofDialog>
      ) : null}
    </>
  )
}
