/** The page's `<meta name="…">`, created on first use (the served page may have none). */
export function metaNamed(name: string): HTMLMetaElement {
  const found = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (found) return found
  const meta = document.createElement('meta')
  meta.name = name
  document.head.append(meta)
  return meta
}
