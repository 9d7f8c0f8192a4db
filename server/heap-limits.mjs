// @ts-check
// V8's heap limits for `npm start`'s children (server/web-cluster.mjs). Left to itself, V8 lets a busy
// process's young and old generations grow to 230–350 MiB before it collects in earnest, so two web
// processes and the worker peaked at about 850 MiB under `bench:api`. With these limits the same run
// peaks under 512 MiB, for some CPU per request (more collections; docs/performance.md, "RSS").
// HEAP_LIMIT_MB sets each process's old generation (default 192; 0 leaves V8's own limits). NODE_OPTIONS
// wins: a flag it already sets is not added, since the command line would override it.

const DEFAULT_OLD_SPACE_MB = 192;
/** A small young generation: scavenges stay short and frequent, and its semi-spaces hold little. */
const SEMI_SPACE_MB = 2;

/**
 * node's flags for a child process's heap.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function heapLimitFlags(env) {
  const oldSpaceMb = heapLimitMb(env.HEAP_LIMIT_MB);
  if (oldSpaceMb === 0) return [];
  const already = `${env.NODE_OPTIONS ?? ""} ${process.execArgv.join(" ")}`;
  /** @type {string[]} */
  const flags = [];
  if (!/--max-old-space-size\b/.test(already)) flags.push(`--max-old-space-size=${oldSpaceMb}`);
  if (!/--max-semi-space-size\b/.test(already)) flags.push(`--max-semi-space-size=${SEMI_SPACE_MB}`);
  return flags;
}

/**
 * @param {string | undefined} setting
 * @returns {number}
 */
function heapLimitMb(setting) {
  if (setting === undefined || setting === "") return DEFAULT_OLD_SPACE_MB;
  const megabytes = Number(setting);
  if (!Number.isInteger(megabytes) || (megabytes !== 0 && (megabytes < 64 || megabytes > 65_536))) {
    throw new Error(`HEAP_LIMIT_MB must be 0 or a whole number from 64 to 65536, not "${setting}".`);
  }
  return megabytes;
}
