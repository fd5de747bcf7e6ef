import { useTranslation } from 'react-i18next'

import { ModalFrame } from '../../components/ModalFrame'
import { OpenModalButton } from '../modals/OpenModalButton'
import { useModals } from '../../stores/modals'
import { useSession } from '../../stores/session'
import { useAdBonus } from './adBonus'

/**
 * Tells the player about the ad bonus POST /middleware/utm answered (SPEC.md section 3): a modal
 * dialog in the app's {@link ModalFrame}, opened when no other modal is open (the sign-up a `?signup`
 * link opens comes first). "Sign up" opens the Register modal for a visitor.
 */
export function AdBonusDialog() {
  const { t } = useTranslation()
  const bonus = useAdBonus((s) => s.bonus)
  const dismiss = useAdBonus((s) => s.dismiss)
  const otherModal = useModals((s) => s.current)
  const signedIn = useSession((s) => s.user !== null)
  const visible = bonus !== null && otherModal === null

  const offer =
    bonus?.type === 'free_spins'
      ? t('attribution:adBonus.freeSpins', { value: bonus.value })
      : t('attribution:adBonus.other', { value: bonus?.value ?? '' })
  return (
    <ModalFrame
      open={visible}
      title={t('attribution:adBonus.title')}
      titleId="ad-bonus-title"
      testId="ad-bonus.dialog"
      closeTestId="ad-bonus.close"
      onClose={dismiss}
    >
      <p data-testid="ad-bonus.offer">{offer}</p>
      <p>{t(signedIn ? 'attribution:adBonus.linked' : 'attribution:adBonus.signUpHint')}</p>
      {!signedIn && (
        <OpenModalButton modal="Register" before={dismiss} testId="ad-bonus.sign-up">
          {t('attribution:adBonus.signUp')}
        </OpenModalButton>
      )}
    </ModalFrame>
  )
}
