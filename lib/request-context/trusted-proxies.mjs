// @ts-check
// Which peers may tell us who the client is (TRUSTED_PROXIES, docs/operations.md). Plain JavaScript:
// server/start.mjs's front door uses it before anything is built, and lib/env.ts validates the
// setting with the same parser.
//   unset or ""          nobody: X-Forwarded-*, Forwarded and X-Real-IP are dropped, the socket's
//                        address is the client
//   "10.0.0.0/8,::1"     addresses or CIDR ranges of the proxies: forwarded headers count only when
//                        the socket's peer is one of them; the client is the nearest address in
//                        X-Forwarded-For that is not a proxy
//   "1", "2"             a hop count: that many proxies in front, whatever their address
import ipaddr from "ipaddr.js";

/**
 * @typedef {{ kind: "none" } | { kind: "hops", hops: number } | { kind: "ranges", ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> }} TrustedProxies
 */

/**
 * @param {string | undefined} setting
 * @returns {TrustedProxies} the setting parsed
 * @throws {Error} with a message fit for the operator when the setting is malformed
 */
export function parseTrustedProxies(setting) {
  const text = (setting ?? "").trim();
  if (text === "") return { kind: "none" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error("a hop count is at most 10");
    return hops === 0 ? { kind: "none" } : { kind: "hops", hops };
  }
  const ranges = text.split(",").map((entry) => {
    const range = entry.trim();
    try {
      return range.includes("/")
        ? ipaddr.parseCIDR(range)
        : /** @type {[ipaddr.IPv4 | ipaddr.IPv6, number]} */ (fullRange(ipaddr.parse(range)));
    } catch {
      throw new Error(`"${range}" is neither an IP address nor a CIDR range`);
    }
  });
  return { kind: "ranges", ranges };
}

/** @param {ipaddr.IPv4 | ipaddr.IPv6} address */
function fullRange(address) {
  return [address, address.kind() === "ipv4" ? 32 : 128];
}

/**
 * The client's address and what the forwarded headers may be believed for.
 * @param {TrustedProxies} trusted
 * @param {string} socketAddress the TCP peer
 * @param {string | undefined} forwardedFor the X-Forwarded-For header, as received
 * @returns {{ client: string, peerTrusted: boolean }}
 */
export function resolveClient(trusted, socketAddress, forwardedFor) {
  const peer = canonical(socketAddress) ?? socketAddress;
  if (trusted.kind === "none") return { client: peer, peerTrusted: false };
  if (trusted.kind === "ranges" && !isTrusted(trusted, peer)) return { client: peer, peerTrusted: false };
  // Each proxy appends the address it saw: nearest last. Walk back from the socket.
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((entry) => canonical(entry.trim()))
    .filter((entry) => entry !== undefined);
  const hops = [...chain, peer];
  if (trusted.kind === "hops") {
    return { client: hops[Math.max(0, hops.length - 1 - trusted.hops)] ?? peer, peerTrusted: true };
  }
  let index = hops.length - 1;
  while (index > 0 && isTrusted(trusted, /** @type {string} */ (hops[index]))) index -= 1;
  return { client: hops[index] ?? peer, peerTrusted: true };
}

/**
 * @param {TrustedProxies & { kind: "ranges" }} trusted
 * @param {string} address canonical
 */
function isTrusted(trusted, address) {
  const parsed = ipaddr.parse(address);
  return trusted.ranges.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
}

/**
 * An address as one spelling (IPv4-mapped IPv6 as IPv4), or undefined when it is not an address.
 * @param {string | undefined} text
 */
export function canonical(text) {
  if (!text || !ipaddr.isValid(text)) return undefined;
  return ipaddr.process(text).toString();
}
