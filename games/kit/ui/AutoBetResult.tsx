import { useKitText } from './kitText'

/**
 * A run's net result, signed and coloured by its trend (`game-auto__net--up|down|even`), as both
 * auto-bet panels (the live rounds' and the instant games') show it under the played count.
 * `money` formats minor units in the player's currency and language.
 */
export function AutoBetNet({
  game,
  net,
  money,
}: {
  game: string
  net: number
  money: (minor: number) => string
}) {
  const t = useKitText(game)
  const trend = net > 0 ? 'up' : net < 0 ? 'down' : 'even'
  return (
    <p
      className={`game-auto__net game-auto__net--${trend}`}
      data-testid={`${game}.autobet.profit`}
      data-net={net}
    >
      {t('kit:autobet.profit', { amount: `${net > 0 ? '+' : ''}${money(net)}` })}
    </p>
  )
}

/**
 * Why a run stopped, once it has (`reason` is null while it runs or before the first run); `text`
 * is the translation key of the family's sentence for that reason.
 */
export function AutoBetStopped({
  game,
  reason,
  text,
}: {
  game: string
  reason: string | null
  text: string | null
}) {
  const t = useKitText(game)
  if (!reason || !text) return null
  return (
    <p
      className={`game-auto__stopped game-auto__stopped--${reason}`}
      data-testid={`${game}.autobet.stop-reason`}
      data-reason={reason}
    >
      {t(text)}
    </p>
  )
}
