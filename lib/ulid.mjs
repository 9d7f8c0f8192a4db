// @ts-check
// ULIDs whose random part comes from a pool of random bytes. The ulid package's own source asks the
// system (crypto.getRandomValues, which Next also wraps) for one byte per character, 16 calls per id:
// 7 % of the CPU of an empty request, for its request id. One call now fills the pool for 256 ids.
// Imported by lib/ids.ts and by the front door (server/front-door.mjs, outside the bundles). The Web
// Crypto global, not node:crypto: lib/ids.ts also reaches browser bundles (for ULID_PATTERN), where
// node:crypto's polyfill runs eval, which the Content-Security-Policy refuses.
import { monotonicFactory } from "ulid";

const pool = new Uint8Array(4096);
let next = pool.length;

/** A fraction in [0, 1) from the next random byte: what the ulid package's own source returns. */
function pooledRandom() {
  if (next === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    next = 0;
  }
  return /** @type {number} */ (pool[next++]) / 256;
}

/** A ULID factory, monotonic: ids made in one millisecond sort in the order they were made. */
export function ulidFactory() {
  return monotonicFactory(pooledRandom);
}
