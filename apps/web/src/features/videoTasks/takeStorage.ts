/**
 * Recorded takes that the server does not have yet, kept in the browser (IndexedDB) so a reload or a dropped
 * connection never loses one. A take leaves this store once the server has counted it.
 */
export interface StoredTake {
  taskId: string;
  video: Blob;
  poster: Blob | null;
  /** Also the File's lastModified, so the resumable upload's fingerprint is the same after a reload. */
  recordedAt: number;
}

const DB_NAME = 'placely-video-takes';
const STORE = 'takes';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'taskId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export const keepTake = (take: StoredTake) => run<void>('readwrite', (store) => store.put(take));
export const unsentTake = (taskId: string) =>
  run<StoredTake | undefined>('readonly', (store) => store.get(taskId)).catch(() => undefined);
export const forgetTake = (taskId: string) => run<void>('readwrite', (store) => store.delete(taskId)).catch(() => {});

/** The File the upload layer sends: a stable name, type and lastModified, so tus resumes the same upload. */
export function takeFile(take: StoredTake): File {
  const extension = take.video.type.includes('mp4') ? 'mp4' : 'webm';
  return new File([take.video], `take-${take.recordedAt}.${extension}`, {
    type: take.video.type || 'video/webm',
    lastModified: take.recordedAt,
  });
}
