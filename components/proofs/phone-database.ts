// The phone's IndexedDB database of what waits for a signal: proofs (with their photos' blobs) and the
// positions shared on the road. One database, so a page opens one thing; it keeps its first name.
const DATABASE = "vms-proofs";
/** 2: the positions' store beside the proofs'. */
const VERSION = 2;
export type PhoneStore = "proofs" | "positions";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, VERSION);
    request.onupgradeneeded = () => {
      for (const store of ["proofs", "positions"] satisfies PhoneStore[]) {
        if (!request.result.objectStoreNames.contains(store)) {
          request.result.createObjectStore(store, { keyPath: "key" });
        }
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB is not available"));
  });
}

export async function runInStore<T>(
  name: PhoneStore,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(database.transaction(name, mode).objectStore(name));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
    });
  } finally {
    database.close();
  }
}
