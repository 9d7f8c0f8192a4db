import http from "node:http";
import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import {
  addressRefusal,
  assertDeliveryUrlAllowed,
  assertWebhookUrlAllowed,
  createGuardedLookup,
  SSRF_ERROR_CODE,
  type Resolve,
} from "@/lib/webhooks/ssrf-guard";

/** A resolver with a fixed table: no DNS on this machine, and none needed. */
function resolverOf(table: Record<string, string[]>): Resolve {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const resolve = resolverOf({
  "example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "hooks.example.org": ["1.1.1.1"],
  localhost: ["127.0.0.1", "::1"],
  "internal.example.com": ["10.1.2.3"],
  "metadata.example.com": ["169.254.169.254"],
  "mixed.example.com": ["93.184.215.14", "192.168.1.10"],
  "rebind.example.com": ["127.0.0.1"],
  "v6private.example.com": ["fd12:3456::1"],
});

async function refusalOf(url: string, allowPrivateTargets = false): Promise<AppError | undefined> {
  try {
    await assertWebhookUrlAllowed(url, { resolve, allowPrivateTargets });
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe("assertWebhookUrlAllowed (registration)", () => {
  // Every form the guard must refuse, private targets not allowed (production).
  const forbidden: [string, RegExp][] = [
    // schemes, credentials, syntax
    ["http://example.com/hook", /must use https/],
    ["ftp://example.com/hook", /must use https/],
    ["file:///etc/passwd", /must use https/],
    ["javascript:alert(1)", /must use https/],
    ["example.com/hook", /valid absolute URL/],
    ["https://user:pass@example.com/hook", /credentials/],
    ["https://user@example.com/hook", /credentials/],
    [`https://example.com/${"a".repeat(2048)}`, /longer than 2048/],
    // private
    ["https://10.0.0.1/", /private/],
    ["https://172.16.0.1/", /private/],
    ["https://172.31.255.255/", /private/],
    ["https://192.168.0.1/", /private/],
    ["https://100.64.0.1/", /carrier-grade NAT/],
    ["https://[fc00::1]/", /private/],
    ["https://[fd12:3456::1]/", /private/],
    // loopback, in every spelling
    ["https://127.0.0.1/", /loopback/],
    ["https://127.255.255.254/", /loopback/],
    ["https://[::1]/", /loopback/],
    ["https://2130706433/", /loopback/],
    ["https://0177.0.0.1/", /loopback/],
    ["https://0x7f.0.0.1/", /loopback/],
    ["https://0x7f000001/", /loopback/],
    ["https://127.1/", /loopback/],
    ["https://127.0.1/", /loopback/],
    ["https://localhost/", /loopback/],
    // link-local and the metadata address
    ["https://169.254.169.254/latest/meta-data/", /link-local/],
    ["https://169.254.0.1/", /link-local/],
    ["https://[fe80::1]/", /link-local/],
    // unspecified
    ["https://0.0.0.0/", /unspecified/],
    ["https://0/", /unspecified/],
    ["https://[::]/", /unspecified|reserved/],
    // multicast, broadcast, reserved
    ["https://224.0.0.1/", /multicast/],
    ["https://239.255.255.250/", /multicast/],
    ["https://[ff02::1]/", /multicast/],
    ["https://255.255.255.255/", /broadcast/],
    ["https://240.0.0.1/", /reserved/],
    ["https://192.0.2.1/", /reserved/],
    ["https://[2001:db8::1]/", /not a public|reserved/],
    // IPv4 inside IPv6
    ["https://[::ffff:127.0.0.1]/", /IPv4-mapped/],
    ["https://[::ffff:7f00:1]/", /IPv4-mapped/],
    ["https://[::ffff:10.0.0.1]/", /IPv4-mapped/],
    ["https://[::ffff:169.254.169.254]/", /IPv4-mapped/],
    ["https://[::127.0.0.1]/", /reserved/],
    ["https://[64:ff9b::7f00:1]/", /not a public/],
    ["https://[2002:7f00:1::]/", /not a public/],
    // names resolving to forbidden addresses
    ["https://internal.example.com/hook", /resolves to 10\.1\.2\.3, which is a private address/],
    ["https://metadata.example.com/", /169\.254\.169\.254, which is a link-local/],
    ["https://mixed.example.com/", /192\.168\.1\.10, which is a private/],
    ["https://v6private.example.com/", /private/],
    ["https://no-such-host.example/", /does not resolve/],
  ];

  it.each(forbidden)("refuses %s", async (url, reason) => {
    const error = await refusalOf(url);
    expect(error, url).toBeDefined();
    expect(error!.code).toBe("VALIDATION_ERROR");
    expect(error!.errors).toEqual([{ path: "url", message: expect.stringMatching(reason) }]);
    expect(error!.message).toMatch(reason);
  });

  it("refuses the http forms of the loopback spellings in production", async () => {
    for (const url of ["http://2130706433/", "http://0177.0.0.1/", "http://0x7f.0.0.1/", "http://127.1/"]) {
      expect((await refusalOf(url))?.errors?.[0]?.message, url).toMatch(/must use https/);
    }
  });

  it.each([
    "https://example.com/hook",
    "https://hooks.example.org:8443/webhooks/vms?token=abc",
    "https://93.184.215.14/hook",
    "https://[2606:4700:4700::1111]/hook",
    "https://EXAMPLE.com/Hook#fragment",
  ])("accepts %s", async (url) => {
    expect(await refusalOf(url)).toBeUndefined();
  });

  describe("with WEBHOOK_ALLOW_PRIVATE_TARGETS=true (development and test)", () => {
    it.each([
      "http://localhost:4000/hook",
      "https://localhost/hook",
      "http://127.0.0.1:8080/",
      "http://[::1]:8080/",
      "http://2130706433/",
      "http://127.1/",
      "https://example.com/hook",
    ])("accepts %s", async (url) => {
      expect(await refusalOf(url, true)).toBeUndefined();
    });

    it.each([
      ["http://example.com/hook", /plain http is accepted only for loopback/],
      ["https://10.0.0.1/", /private/],
      ["http://192.168.1.1/", /private/],
      ["https://169.254.169.254/", /link-local/],
      ["https://[::ffff:127.0.0.1]/", /IPv4-mapped/],
      ["https://0.0.0.0/", /unspecified/],
      ["https://internal.example.com/", /private/],
      ["https://user:pass@localhost/", /credentials/],
    ])("still refuses %s", async (url, reason) => {
      expect((await refusalOf(url, true))?.errors?.[0]?.message, url).toMatch(reason);
    });
  });

  it("answers 503 SERVICE_UNAVAILABLE when DNS fails for a passing reason", async () => {
    const failing: Resolve = async () => {
      throw Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" });
    };
    await expect(
      assertWebhookUrlAllowed("https://example.com/", { resolve: failing, allowPrivateTargets: false }),
    ).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
  });
});

describe("addressRefusal", () => {
  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4009:81f::200e"])(
    "allows the public address %s",
    (address) => {
      expect(addressRefusal(address, { allowPrivateTargets: false })).toBeUndefined();
    },
  );

  it("allows loopback only with private targets allowed", () => {
    expect(addressRefusal("127.0.0.1", { allowPrivateTargets: false })).toMatch(/loopback/);
    expect(addressRefusal("127.0.0.1", { allowPrivateTargets: true })).toBeUndefined();
    expect(addressRefusal("::1", { allowPrivateTargets: true })).toBeUndefined();
    expect(addressRefusal("10.0.0.1", { allowPrivateTargets: true })).toMatch(/private/);
  });
});

describe("guardedLookup (delivery time)", () => {
  /** A dns.lookup stand-in answering from a table. */
  function fakeLookup(table: Record<string, string[]>) {
    return (
      hostname: string,
      _options: object,
      callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
    ) => {
      const addresses = table[hostname] ?? [];
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
      );
    };
  }

  function lookupOnce(
    guarded: ReturnType<typeof createGuardedLookup>,
    hostname: string,
    all: boolean,
  ): Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }> {
    return new Promise((done) =>
      guarded(hostname, { all }, (error, address, family) => done({ error, address, family })),
    );
  }

  const table = {
    "example.com": ["93.184.215.14"],
    "rebind.example.com": ["127.0.0.1"],
    "both.example.com": ["93.184.215.14", "10.0.0.8"],
  };

  it("passes a public address through, in both callback forms", async () => {
    const guarded = createGuardedLookup({ lookup: fakeLookup(table), allowPrivateTargets: false });
    expect(await lookupOnce(guarded, "example.com", false)).toEqual({
      error: null,
      address: "93.184.215.14",
      family: 4,
    });
    expect(await lookupOnce(guarded, "example.com", true)).toMatchObject({
      error: null,
      address: [{ address: "93.184.215.14", family: 4 }],
    });
  });

  it("fails with ESSRF when the name now resolves to a forbidden address (DNS rebinding)", async () => {
    const guarded = createGuardedLookup({ lookup: fakeLookup(table), allowPrivateTargets: false });
    const { error } = await lookupOnce(guarded, "rebind.example.com", true);
    expect(error?.code).toBe(SSRF_ERROR_CODE);
    expect(error?.message).toMatch(/127\.0\.0\.1.*loopback/);
    expect((await lookupOnce(guarded, "both.example.com", false)).error?.code).toBe(SSRF_ERROR_CODE);
  });

  it("lets loopback through when private targets are allowed", async () => {
    const guarded = createGuardedLookup({ lookup: fakeLookup(table), allowPrivateTargets: true });
    expect((await lookupOnce(guarded, "rebind.example.com", false)).address).toBe("127.0.0.1");
  });

  it("makes http.request fail before connecting", async () => {
    const guarded = createGuardedLookup({ lookup: fakeLookup(table), allowPrivateTargets: false });
    const error = await new Promise<NodeJS.ErrnoException>((done) => {
      const request = http.request({ host: "rebind.example.com", port: 9, path: "/", lookup: guarded });
      request.on("error", done);
      request.end();
    });
    expect(error.code).toBe(SSRF_ERROR_CODE);
  });
});

describe("assertDeliveryUrlAllowed (delivery time, no DNS)", () => {
  function codeOf(url: string, allowPrivateTargets: boolean): string | undefined {
    try {
      assertDeliveryUrlAllowed(url, { allowPrivateTargets });
      return undefined;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code;
    }
  }

  it.each([
    "https://10.0.0.1/",
    "https://127.0.0.1/",
    "https://[::ffff:127.0.0.1]/",
    "https://169.254.169.254/",
    "https://2130706433/",
    "http://93.184.215.14/",
    "http://example.com/",
    "https://user:pass@example.com/",
    "ftp://example.com/",
    "not a url",
  ])("refuses %s with ESSRF in production", (url) => {
    expect(codeOf(url, false)).toBe(SSRF_ERROR_CODE);
  });

  it("lets host names through (guardedLookup checks what they resolve to)", () => {
    expect(codeOf("https://example.com/hook", false)).toBeUndefined();
    expect(codeOf("https://93.184.215.14/hook", false)).toBeUndefined();
  });

  it("allows loopback, over http too, only where private targets are allowed", () => {
    expect(codeOf("http://127.0.0.1:4000/", true)).toBeUndefined();
    expect(codeOf("https://[::1]/", true)).toBeUndefined();
    expect(codeOf("http://93.184.215.14/", true)).toBe(SSRF_ERROR_CODE);
    expect(codeOf("https://10.0.0.1/", true)).toBe(SSRF_ERROR_CODE);
  });
});
