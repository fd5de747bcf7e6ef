/**
 * The local database the background sync reads and writes (SPEC section 3): IndexedDB
 * `MyDatabase` version 1, object store `syncStore` keyed by `id`. Record {@link BASE_URL_RECORD}
 * holds the API base URL, written by the page (the service worker cannot compute it: it has no
 * build-time env of the page's and no `location` of a page); record {@link MIRROR_RECORD} holds the
 * last `GET /mirror` answer the worker fetched, with its time. Runs in a page and in the worker.
 */
import type { MirrorResponse } from '../../../contract'

export const SYNC_DB_NAME = 'MyDatabase'
export const SYNC_DB_VERSION = 1
export const SYNC_STORE = 'syncStore'
/** Record id of `{ id: 1, baseURL }`, as SPEC section 3 names it. */
export const BASE_URL_RECORD = 1
/** Record id of `{ id: 2, mirror, syncedAt }`, the worker's last mirror answer. */
export const MIRROR_RECORD = 2

/** The mirror data the worker keeps: the answer and when it was fetched (ms since the epoch). */
export interface MirrorRecord {
  id: typeof MIRROR_RECORD
  mirror: MirrorResponse
  syncedAt: number
}

/** One IDB request as a promise. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('[pwa] IndexedDB request failed'))
  })
}

/** Opens (creating on first use) the sync database. */
export function openSyncDb(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  const request = factory.open(SYNC_DB_NAME, SYNC_DB_VERSION)
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(SYNC_STORE)) {
      request.result.createObjectStore(SYNC_STORE, { keyPath: 'id' })
    }
  }
  return done(request)
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
  factory?: IDBFactory,
): Promise<T> {
  const db = await openSyncDb(factory)
  try {
    return await done(run(db.transaction(SYNC_STORE, mode).objectStore(SYNC_STORE)))
  } finally {
    db.close()
  }
}

/** Writes the API base URL the worker syncs from (record 1). */
export async function writeBaseUrl(baseURL: string, factory?: IDBFactory): Promise<void> {
  await withStore('readwrite', (store) => store.put({ id: BASE_URL_RECORD, baseURL }), factory)
}

/** The API base URL the page wrote, or null before any page did. */
export async function readBaseUrl(factory?: IDBFactory): Promise<string | null> {
  const record = (await withStore('readonly', (store) => store.get(BASE_URL_RECORD), factory)) as
    { baseURL?: unknown } | undefined
  return typeof record?.baseURL === 'string' ? record.baseURL : null
}

/** Keeps the worker's last mirror answer (record 2). */
export async function writeMirror(record: Omit<MirrorRecord, 'id'>, factory?: IDBFactory) {
  await withStore('readwrite', (store) => store.put({ id: MIRROR_RECORD, ...record }), factory)
}

/** The last mirror answer the worker kept, or null. */
export async function readMirror(factory?: IDBFactory): Promise<MirrorRecord | null> {
  const record = (await withStore('readonly', (store) => store.get(MIRROR_RECORD), factory)) as
    MirrorRecord | undefined
  return record ?? null
}
