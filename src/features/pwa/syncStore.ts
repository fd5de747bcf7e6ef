/**
 * The local database the background sync reads and writes (SPEC section 3): IndexedDB
 * `MyDatabase` version 1, object store `syncStore` keyed by `id`. Record {@link BASE_URL_RECORD}
 * holds the API base URL, written by the page (the service worker cannot compute it: it has no
 * build-time env of the page's and no `location` of a page); record {@link MIRROR_RECORD} holds the
 * last `GET /mirror` answer the worker fetched, with its time. Runs in a page and in the worker.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
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

/** The sync database's one store, keyed by `id`. */
interface SyncSchema extends DBSchema {
  syncStore: {
    key: number
    value: { id: typeof BASE_URL_RECORD; baseURL: string } | MirrorRecord
  }
}

/** Opens (creating on first use) the sync database. */
export function openSyncDb(): Promise<IDBPDatabase<SyncSchema>> {
  return openDB<SyncSchema>(SYNC_DB_NAME, SYNC_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(SYNC_STORE)) {
        db.createObjectStore(SYNC_STORE, { keyPath: 'id' })
      }
    },
  })
}

/** Runs `run` on an open database and closes it, so a version change elsewhere is never blocked. */
async function withDb<T>(run: (db: IDBPDatabase<SyncSchema>) => Promise<T>): Promise<T> {
  const db = await openSyncDb()
  try {
    return await run(db)
  } finally {
    db.close()
  }
}

/** Writes the API base URL the worker syncs from (record 1). */
export async function writeBaseUrl(baseURL: string): Promise<void> {
  await withDb((db) => db.put(SYNC_STORE, { id: BASE_URL_RECORD, baseURL }))
}

/** The API base URL the page wrote, or null before any page did. */
export async function readBaseUrl(): Promise<string | null> {
  const record = await withDb((db) => db.get(SYNC_STORE, BASE_URL_RECORD))
  // Checked, not trusted: another version of the app may have written the record.
  return record && 'baseURL' in record && typeof record.baseURL === 'string' ? record.baseURL : null
}

/** Keeps the worker's last mirror answer (record 2). */
export async function writeMirror(record: Omit<MirrorRecord, 'id'>): Promise<void> {
  await withDb((db) => db.put(SYNC_STORE, { id: MIRROR_RECORD, ...record }))
}

/** The last mirror answer the worker kept, or null. */
export async function readMirror(): Promise<MirrorRecord | null> {
  const record = await withDb((db) => db.get(SYNC_STORE, MIRROR_RECORD))
  return record && 'mirror' in record ? record : null
}
