// The SSRF guard of webhook endpoints (extensions section 5; docs/webhooks.md, "Which URLs are
// accepted"). At registration, assertWebhookUrlAllowed checks the URL and every address its host
// resolves to; at delivery, guardedLookup checks the address actually connected to, so a name that
// resolves elsewhere later (DNS rebinding) is still refused.
//
// Only public unicast addresses are allowed; WEBHOOK_ALLOW_PRIVATE_TARGETS=true (the default in
// development and test) additionally allows loopback, and plain http to it — never private ranges.
import dns from "node:dns";
import type { LookupAddress, LookupOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** A registration does not wait longer than this for DNS. */
const RESOLVE_TIMEOUT_MS = 5_000;

/** Resolves a host name to all its addresses (dns.promises.lookup with all: true). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export type SsrfGuardOptions = {
  /** Defaults to the system resolver; tests inject one (no DNS needed). */
  resolve?: Resolve;
  /** Defaults to env().WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  allowPrivateTargets?: boolean;
};

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Refuses (400 VALIDATION_ERROR, path "url") a webhook URL that may not be registered. */
export async function assertWebhookUrlAllowed(url: string, options: SsrfGuardOptions = {}): Promise<void> {
  const allowPrivate = options.allowPrivateTargets ?? env().WEBHOOK_ALLOW_PRIVATE_TARGETS;
  if (url.length > WEBHOOK_URL_MAX_LENGTH)
    refuse(`The URL is longer than ${WEBHOOK_URL_MAX_LENGTH} characters.`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    refuse("Not a valid absolute URL.");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    refuse(`The URL must use https (got ${parsed.protocol.replace(/:$/, "")}).`);
  }
  if (parsed.protocol === "http:" && !allowPrivate) refuse("The URL must use https.");
  if (parsed.username || parsed.password) refuse("The URL must not contain credentials (user:password@).");
  if (!parsed.hostname) refuse("The URL has no host.");

  const addresses = await addressesOf(parsed.hostname, options.resolve ?? systemResolve);
  for (const address of addresses) {
    const refusal = addressRefusal(address, { allowPrivateTargets: allowPrivate });
    if (refusal) {
      const literal = ipLiteralOf(parsed.hostname) !== undefined;
      refuse(
        literal
          ? `The address ${refusal}.`
          : `The host ${parsed.hostname} resolves to ${address}, which ${refusal}.`,
      );
    }
  }
  if (parsed.protocol === "http:" && !addresses.every(isLoopback)) {
    refuse("The URL must use https (plain http is accepted only for loopback addresses).");
  }
}

/**
 * Why an address may not be a webhook target ("is a private address", …), or undefined when it may.
 * The same rule serves registration and delivery.
 */
export function addressRefusal(
  address: string,
  options: { allowPrivateTargets: boolean },
): string | undefined {
  if (!ipaddr.isValid(address)) return "is not an IP address";
  const ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return "is an IPv4-mapped IPv6 address";
    if (options.allowPrivateTargets && v6.range() === "loopback") return undefined;
    // IPv4-compatible (deprecated) ::a.b.c.d, and anything outside global unicast 2000::/3.
    if (v6.match(ipaddr.IPv6.parse("::"), 96)) return describeRange(v6.range(), "is a reserved IPv6 address");
    if (!v6.match(ipaddr.IPv6.parse("2000::"), 3))
      return describeRange(v6.range(), "is not a public IPv6 address");
    if (v6.range() !== "unicast") return describeRange(v6.range(), "is not a public IPv6 address");
    return undefined;
  }
  const range = (ip as ipaddr.IPv4).range();
  if (range === "unicast") return undefined;
  if (options.allowPrivateTargets && range === "loopback") return undefined;
  return describeRange(range, "is a reserved address");
}

const RANGE_WORDS: Record<string, string> = {
  private: "is a private address",
  uniqueLocal: "is a private address (unique local)",
  carrierGradeNat: "is a private address (carrier-grade NAT)",
  loopback: "is a loopback address",
  linkLocal: "is a link-local address (this includes cloud metadata services)",
  unspecified: "is an unspecified address",
  multicast: "is a multicast address",
  broadcast: "is a broadcast address",
  reserved: "is a reserved address",
};

function describeRange(range: string, fallback: string): string {
  return RANGE_WORDS[range] ?? fallback;
}

function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.parse(address).range() === "loopback";
}

/** The IP address a URL hostname stands for, if it is a literal ("[::1]" → "::1"). */
function ipLiteralOf(hostname: string): string | undefined {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  // WHATWG URL parsing has already turned every IPv4 form (2130706433, 0x7f.1, 0177.0.0.1, 127.1)
  // into dotted decimal, so only the two canonical forms are to be recognised here.
  return ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare) ? bare : undefined;
}

async function addressesOf(hostname: string, resolve: Resolve): Promise<string[]> {
  const literal = ipLiteralOf(hostname);
  if (literal !== undefined) return [literal];
  let resolved: LookupAddress[];
  try {
    resolved = await withTimeout(resolve(hostname), RESOLVE_TIMEOUT_MS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND" || code === "ENODATA") refuse(`The host ${hostname} does not resolve.`);
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      `The host ${hostname} could not be resolved just now; try again in a moment.`,
      { headers: { "retry-after": "5" } },
    );
  }
  if (resolved.length === 0) refuse(`The host ${hostname} does not resolve.`);
  return resolved.map((entry) => entry.address);
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("DNS timeout"), { code: "ETIMEOUT" })), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function refuse(message: string): never {
  throw new AppError("VALIDATION_ERROR", `The webhook URL is not allowed. ${message}`, {
    errors: [{ path: "url", message }],
  });
}

// ── delivery time ──

/** Code of the error a refused connection fails with. */
export const SSRF_ERROR_CODE = "ESSRF";

type LookupAll = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A dns.lookup for http(s).request's `lookup` option that fails the connection (error code ESSRF)
 * when any address the host resolves to is forbidden. Node does not call `lookup` for a URL whose host
 * is an IP literal, so check the URL itself as well (assertWebhookUrlAllowed) before each delivery.
 */
export function createGuardedLookup(
  options: { allowPrivateTargets?: boolean; lookup?: LookupAll } = {},
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const lookup: LookupAll = options.lookup ?? (dns.lookup as LookupAll);
    lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const allowPrivate = options.allowPrivateTargets ?? env().WEBHOOK_ALLOW_PRIVATE_TARGETS;
      for (const { address } of addresses) {
        const refusal = addressRefusal(address, { allowPrivateTargets: allowPrivate });
        if (refusal) {
          const refused = Object.assign(
            new Error(`Refused to connect to ${hostname} (${address}): it ${refusal}`),
            {
              code: SSRF_ERROR_CODE,
              hostname,
            },
          );
          return callback(refused, "", 0);
        }
      }
      const first = addresses[0];
      if (!first) {
        return callback(Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      }
      if (lookupOptions.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * The delivery-time check of the URL itself, without DNS (call it before each request; guardedLookup
 * then covers host names): https, or http to a loopback literal where allowed; no credentials; and an
 * IP-literal host that is allowed — Node connects to a literal without calling `lookup`. Throws an
 * error with code ESSRF.
 */
export function assertDeliveryUrlAllowed(url: string, options: { allowPrivateTargets?: boolean } = {}): void {
  const allowPrivate = options.allowPrivateTargets ?? env().WEBHOOK_ALLOW_PRIVATE_TARGETS;
  const fail = (reason: string): never => {
    throw Object.assign(new Error(`Refused to deliver to ${url}: ${reason}`), { code: SSRF_ERROR_CODE });
  };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail("not a valid URL");
  }
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && allowPrivate)) fail("not https");
  if (parsed.username || parsed.password) fail("the URL contains credentials");
  const literal = ipLiteralOf(parsed.hostname);
  if (literal !== undefined) {
    const refusal = addressRefusal(literal, { allowPrivateTargets: allowPrivate });
    if (refusal) fail(`the address ${refusal}`);
    if (parsed.protocol === "http:" && !isLoopback(literal)) fail("plain http to a non-loopback address");
  }
}

/** The delivery-time guard with the configured setting. */
export const guardedLookup: LookupFunction = createGuardedLookup();
