/**
 * The mirror checks after the first frame (SPEC.md sections 2, 7 and 8): `GET /mirror` and the
 * two middleware mirror calls. Loaded after the first frame's code, since nothing waits for them.
 */
import type { Api } from '../../api'
import { useGeo } from '../../stores/geo'
import { isSearchBot } from '../locale/decide'
import { mirrorLocation } from './rules'
import type { GeoPage } from './start'

/** Writes `<meta name="yandex-verification" content=…>` once (SPEC.md section 3). */
export function writeYandexVerification(doc: GeoPage['document'], content: string): void {
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="yandex-verification"]')
  if (!meta) {
    meta = doc.createElement('meta')
    meta.name = 'yandex-verification'
    doc.head.append(meta)
  }
  meta.content = content
}

/**
 * The mirror checks, after the first frame. A new link replaces the page (the server has already
 * answered page loads of this host with a 301; this moves a tab that was open before). Resolves
 * when done; never rejects.
 */
export async function checkMirror(api: Pick<Api, 'misc'>, page: GeoPage): Promise<void> {
  if (isSearchBot(page.userAgent)) return
  const domain = page.location.host
  const [mirror, moved, mirrors] = await Promise.allSettled([
    api.misc.mirror(),
    api.misc.mirrorRedirect({ domain }),
    api.misc.mirrors({ domain }),
  ])
  for (const failed of [mirror, moved, mirrors]) {
    if (failed.status === 'rejected') console.warn('[geo] mirror call failed:', failed.reason)
  }
  if (mirrors.status === 'fulfilled') useGeo.getState().set({ mirrors: mirrors.value.mirrors })
  const answer = mirror.status === 'fulfilled' ? mirror.value : undefined
  if (answer?.meta_yandex_verification) {
    writeYandexVerification(page.document, answer.meta_yandex_verification)
  }
  const newLink =
    answer?.redirect?.newLink ??
    (moved.status === 'fulfilled' ? moved.value.redirect?.newLink : undefined)
  // A link to this very host would reload the page forever.
  if (newLink && hostOf(newLink) !== domain) {
    page.location.replace(mirrorLocation(newLink, page.location))
  }
}

function hostOf(link: string): string | undefined {
  try {
    return new URL(link).host
  } catch {
    return undefined
  }
}
