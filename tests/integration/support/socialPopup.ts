/** The message the social popup's last page would post to its opener, read from its data- attributes. */
export function popupMessage(html: string): { origin: string; message: unknown } {
  const attr = (name: string) => {
    const raw = new RegExp(`data-${name}="([^"]*)"`).exec(html)?.[1] ?? ''
    return raw.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
  }
  return { origin: attr('origin'), message: JSON.parse(attr('message')) as unknown }
}
