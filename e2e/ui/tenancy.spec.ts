// Tenancy of the UI (issue #7; the /v1 half is lib/http/tenancy.int.test.ts). Generated from the files
// on disk: every page and UI route handler (e2e/support/ui-routes.ts) and every server action of the
// build (its server-reference manifest) is walked as organisation B (Harbour Fleet) with organisation
// A's (Northgate Motors) resource ids in every place a page, route or action takes one: dynamic
// segments, query parameters and action arguments. Expected: "not found" or B's own (empty) result,
// never A's data — A's identifying text (VRM, VIN, endpoint URL, site, link and notice names…) is
// absent from every answer — and A's resources unchanged after every action (read back through A's
// /v1 API, and the database where /v1 has no reader). A route or action on disk that the walk does
// not know fails the test: a new one cannot slip past.
//
// Actions are called exactly as the browser calls them (POST with the Next-Action header and the
// arguments encoded as React's encodeReply encodes them: e2e/support/server-actions.ts), because B's
// pages never render A's ids, so B's UI cannot be made to send them; a hand-crafted request is what
// an attacker would send.
import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { env } from "@/lib/env";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL } from "../support/e2e-environment";
import { callServerAction, serverActions, type ServerAction } from "../support/server-actions";
import { DEMO_STAFF, fillSignInForm } from "../support/sign-in";
import {
  A_RECIPIENT,
  actionResult,
  addAdminOfB,
  B_ADMIN,
  createWorldA,
  sentTrackingEmailOfA,
  snapshotOfA,
  type WorldA,
} from "../support/tenancy-world";
import { uiRoutes } from "../support/ui-routes";
import { onTheRoad, reportPosition } from "../support/vehicle-on-the-road";

type Viewer = "dispatcherB" | "adminB";
type Sessions = Record<Viewer | "adminA", BrowserContext>;

/**
 * What an answer to B must be: the not-found page, a 404 from a route handler, B's own page (200), or
 * a CSV with its header only. A's markers are absent from every one.
 */
type Expected = "not-found" | "404" | "own-page" | "csv-without-rows";
type Probe = { as: Viewer; url: string; expected: Expected };
type Walk = {
  /** What the route takes that could name A's resource, in a few words (the test's title). */
  takes: string;
  probes: (a: WorldA) => Probe[];
  /** Checks that are not a single GET (a live stream, a precondition first). */
  custom?: (sessions: Sessions, a: WorldA) => Promise<void>;
};

const own = (url: string, as: Viewer = "dispatcherB"): Probe => ({ as, url, expected: "own-page" });

const WALK: Record<string, Walk> = {
  "/": { takes: "nothing (redirects to B's start page)", probes: () => [own("/")] },
  "/sign-in": { takes: "?callbackUrl (a path, no resource)", probes: () => [own("/sign-in")] },
  "/docs/api": { takes: "nothing", probes: () => [own("/docs/api")] },
  "/board": {
    takes: "?open=<requestId>, ?q=, ?origin=/?destination=<siteIds>, ?carrier=<driverId>",
    probes: (a) => [
      { as: "dispatcherB", url: `/board?open=${a.requestId}`, expected: "not-found" },
      own(`/board?q=${a.requestId}`),
      own(`/board?q=${encodeURIComponent(a.vrm)}`),
      own(`/board?origin=${a.siteIds[0]}&destination=${a.siteIds[1]}`),
      own(`/board?carrier=${a.driverId}`),
      own("/board"),
    ],
  },
  "/board/plan": {
    takes: "nothing (its server actions read plans of the viewer's organisation only)",
    probes: () => [own("/board/plan")],
  },
  "/board/export": {
    takes: "the board's query (?q=, ?origin=, ?destination=, ?carrier=)",
    probes: (a) =>
      [
        `/board/export?q=${a.requestId}`,
        `/board/export?q=${encodeURIComponent(a.vrm)}`,
        `/board/export?origin=${a.siteIds[0]}`,
        `/board/export?destination=${a.siteIds[1]}`,
        `/board/export?carrier=${a.driverId}`,
      ].map((url) => ({ as: "dispatcherB" as const, url, expected: "csv-without-rows" as const })),
  },
  "/api/board/stream": {
    takes: "?lastEventId (a sequence number; the organisation is the session's)",
    probes: () => [],
    custom: (sessions, a) => boardStreamShowsOnlyB(sessions.dispatcherB, a),
  },
  "/api/board/map": {
    takes: "the board's query (?q=, ?origin=, ?destination=, ?carrier=)",
    probes: (a) => [
      own(`/api/board/map?q=${a.requestId}`),
      own(`/api/board/map?q=${encodeURIComponent(a.vrm)}`),
      own(`/api/board/map?origin=${a.siteIds[0]}&destination=${a.siteIds[1]}`),
      own(`/api/board/map?carrier=${a.driverId}`),
      own("/api/board/map"),
    ],
  },
  "/api/board/map/movement": {
    takes: "?id=<requestId>",
    probes: (a) => [{ as: "dispatcherB", url: `/api/board/map/movement?id=${a.requestId}`, expected: "404" }],
  },
  "/api/board/positions": {
    takes: "nothing (the organisation is the session's)",
    probes: () => [],
    custom: (sessions) => positionStreamShowsOnlyOwn(sessions),
  },
  "/settings/sites": {
    takes: "nothing (the viewer's own organisation's sites)",
    probes: () => [own("/settings/sites", "adminB")],
    // A's site is on A's page, so its absence from B's means something.
    custom: async (sessions, a) => {
      const name = await siteNameOfA(a.siteIds[0]);
      expect(await (await sessions.adminA.request.get("/settings/sites")).text()).toContain(name);
      expect(await (await sessions.adminB.request.get("/settings/sites")).text()).not.toContain(name);
    },
  },
  "/settings/drivers": {
    takes: "nothing (the viewer's own organisation's drivers)",
    probes: () => [own("/settings/drivers", "adminB")],
    custom: async (sessions, a) => {
      const name = await driverNameOfA(a.driverId);
      expect(await (await sessions.adminA.request.get("/settings/drivers")).text()).toContain(name);
      expect(await (await sessions.adminB.request.get("/settings/drivers")).text()).not.toContain(name);
    },
  },
  "/reports": {
    takes: "?site=<siteId> (a filter)",
    probes: (a) => [own(`/reports?site=${a.siteIds[0]}`), own("/reports")],
  },
  "/reports/export": {
    takes: "?report=<key> and the page's filters (?site=<siteId>)",
    probes: (a) =>
      ["on-time-weekly", "price-variance", "stage-time", "lanes"].map((report) => ({
        as: "dispatcherB" as const,
        url: `/reports/export?report=${report}&site=${a.siteIds[0]}`,
        expected: "csv-without-rows" as const,
      })),
  },
  "/movements/new": { takes: "nothing (the wizard lists B's sites)", probes: () => [own("/movements/new")] },
  "/notices": { takes: "nothing", probes: () => [own("/notices", "adminB")] },
  "/settings/branding": {
    takes: "nothing (the viewer's own organisation)",
    probes: () => [own("/settings/branding", "adminB")],
  },
  "/users": {
    takes: "nothing (the viewer's own organisation's users)",
    probes: () => [own("/users", "adminB")],
    // A's admin's e-mail is on A's users page, so its absence from B's means something.
    custom: async (sessions) => {
      expect(await (await sessions.adminA.request.get("/users")).text()).toContain(DEMO_STAFF.admin);
      expect(await (await sessions.adminB.request.get("/users")).text()).not.toContain(DEMO_STAFF.admin);
    },
  },
  "/system": {
    takes: "nothing (the viewer's own organisation's endpoints; the backlog and worker are the service's)",
    probes: () => [own("/system", "adminB")],
    // A's endpoint is on A's system page, so its absence from B's means something.
    custom: async (sessions, a) => {
      expect(await (await sessions.adminA.request.get("/system")).text()).toContain(a.endpoint.url);
    },
  },
  "/api/system": {
    takes: "nothing (the /system page's JSON, of the viewer's own organisation)",
    probes: () => [own("/api/system", "adminB")],
    custom: async (sessions, a) => {
      expect(await (await sessions.adminA.request.get("/api/system")).text()).toContain(a.endpoint.url);
      expect((await sessions.dispatcherB.request.get("/api/system")).status()).toBe(403);
    },
  },
  "/mailbox": {
    takes: "?id=<e-mail id>",
    probes: () => [],
    // A's message must be in the mailbox before B looks, or its absence would prove nothing.
    custom: async (sessions, a) => {
      const id = await sentTrackingEmailOfA();
      const ownMessage = await sessions.adminA.request.get(`/mailbox?id=${id}`);
      expect(await ownMessage.text(), "A's admin sees A's message").toContain(A_RECIPIENT);
      await expectProbe(sessions, a, own("/mailbox", "adminB"));
      await expectProbe(sessions, a, own(`/mailbox?id=${id}`, "adminB"));
    },
  },
  "/integrations": {
    takes: "?deleted (a flag, no resource)",
    probes: () => [own("/integrations", "adminB"), own("/integrations?deleted=endpoint", "adminB")],
  },
  "/integrations/endpoints/[endpointId]": {
    takes: "[endpointId], ?cursor=",
    probes: (a) => [{ as: "adminB", url: `/integrations/endpoints/${a.endpoint.id}`, expected: "not-found" }],
  },
  "/prep-jobs": {
    takes: "?site=<siteId>",
    probes: (a) => [
      own(`/prep-jobs?site=${a.prepSite.id}`, "adminB"),
      own(`/prep-jobs?site=${a.prepSite.id}`),
    ],
  },
  "/prep-jobs/display-links": { takes: "nothing", probes: () => [own("/prep-jobs/display-links", "adminB")] },
  "/prep-jobs/settings": {
    takes: "?site=<siteId>",
    probes: (a) => [own(`/prep-jobs/settings?site=${a.prepSite.id}`, "adminB")],
  },
  "/api/prep-jobs/board": {
    takes: "?site=<siteId>",
    probes: (a) => [{ as: "adminB", url: `/api/prep-jobs/board?site=${a.prepSite.id}`, expected: "404" }],
  },
  "/api/prep-jobs/stream": {
    takes: "?site=<siteId>",
    probes: (a) => [{ as: "adminB", url: `/api/prep-jobs/stream?site=${a.prepSite.id}`, expected: "404" }],
  },
  // Public links: the token is the credential, not an organisation's id. An id of A's in the token's
  // place (the link's own id, A's prep site, A's request) must open nothing.
  "/display/[token]": {
    takes: "[token] (public, unguessable)",
    probes: (a) => idsInTokenPlace(a, (id) => `/display/${id}`, "not-found"),
  },
  "/display/[token]/board": {
    takes: "[token] (public, unguessable)",
    probes: (a) => idsInTokenPlace(a, (id) => `/display/${id}/board`, "404"),
  },
  "/display/[token]/stream": {
    takes: "[token] (public, unguessable)",
    probes: (a) => idsInTokenPlace(a, (id) => `/display/${id}/stream`, "404"),
  },
  "/settings/proofs": {
    takes: "nothing (the viewer's own organisation's proof settings)",
    probes: () => [own("/settings/proofs", "adminB")],
  },
  "/settings/messages": {
    takes: "nothing (the viewer's own organisation's message settings)",
    probes: () => [own("/settings/messages", "adminB")],
  },
  "/carrier/jobs/stream": {
    takes:
      "nothing (the signed-in carrier's own awards; carriers: lib/marketplace/marketplace-winner.int.test.ts)",
    probes: () => [],
    custom: async (sessions) => {
      expect((await sessions.dispatcherB.request.get("/carrier/jobs/stream")).status()).toBe(401);
    },
  },
  "/opt-out/[token]": {
    takes: "[token] (a customer's opt-out link: public, unguessable)",
    probes: (a) => idsInTokenPlace(a, (id) => `/opt-out/${id}`, "not-found"),
  },
  "/opt-out/[token]/confirm": {
    takes: "[token] (a customer's opt-out link: public, unguessable)",
    // A GET changes nothing and shows the page (not found here); a POST with an id in its place is a 404.
    probes: (a) => idsInTokenPlace(a, (id) => `/opt-out/${id}/confirm`, "not-found"),
    custom: async (sessions, a) => {
      for (const probe of idsInTokenPlace(a, (id) => `/opt-out/${id}/confirm`, "404")) {
        const response = await sessions.adminB.request.post(probe.url, { headers: { origin: E2E_BASE_URL } });
        expect(response.status()).toBe(404);
      }
    },
  },
  "/carrier/jobs": {
    takes: "nothing (the signed-in carrier's own jobs; carriers' tenancy: lib/marketplace/*.int.test.ts)",
    probes: () => [],
    // A staff session is refused: the page is a carrier's only.
    custom: async (sessions) => {
      expect((await sessions.dispatcherB.request.get("/carrier/jobs")).status()).toBe(403);
    },
  },
  "/carrier/jobs/[requestId]": {
    takes:
      "[requestId] (a job the signed-in carrier won; carriers' tenancy: lib/marketplace/marketplace-winner.int.test.ts)",
    probes: () => [],
    // Staff, even of the request's own organisation's peers, are no carrier: the page 403, its routes 401.
    custom: async (sessions, a) => {
      const staff = sessions.dispatcherB.request;
      expect((await staff.get(`/carrier/jobs/${a.requestId}`)).status()).toBe(403);
      expect((await staff.get(`/carrier/jobs/${a.requestId}/view`)).status()).toBe(401);
    },
  },
  "/carrier/jobs/[requestId]/view": {
    takes: "[requestId] (the carrier's session and award are the credential)",
    probes: () => [],
    custom: async (sessions, a) => {
      const response = await sessions.dispatcherB.request.get(`/carrier/jobs/${a.requestId}/view`);
      expect(response.status()).toBe(401);
    },
  },
  "/carrier/jobs/[requestId]/actions": {
    takes: "[requestId] (the carrier's session and award are the credential)",
    probes: () => [],
    custom: async (sessions, a) => {
      const response = await sessions.dispatcherB.request.post(`/carrier/jobs/${a.requestId}/actions`, {
        data: { action: "collected", idempotencyKey: "tenancy-probe-carrier" },
        headers: { origin: E2E_BASE_URL },
      });
      expect(response.status()).toBe(401);
    },
  },
  "/carrier/jobs/[requestId]/positions": {
    takes: "[requestId] (the carrier's session and award are the credential)",
    probes: () => [],
    custom: async (sessions, a) => {
      const response = await sessions.dispatcherB.request.post(`/carrier/jobs/${a.requestId}/positions`, {
        data: { ...PROBE_BODY.positions, idempotencyKey: "tenancy-probe-carrier" },
        headers: { origin: E2E_BASE_URL },
      });
      expect(response.status()).toBe(401);
    },
  },
  "/carrier/jobs/[requestId]/proofs": {
    takes: "[requestId] (the carrier's session and award are the credential)",
    probes: () => [],
    custom: async (sessions, a) => {
      const response = await sessions.dispatcherB.request.post(`/carrier/jobs/${a.requestId}/proofs`, {
        data: { kind: "collection", idempotencyKey: "tenancy-probe-carrier" },
        headers: { origin: E2E_BASE_URL },
      });
      expect(response.status()).toBe(401);
    },
  },
  "/carrier/jobs/[requestId]/proof-photos/[photoId]": {
    takes: "[requestId] (the carrier's session and award are the credential)",
    probes: () => [],
    custom: async (sessions, a) => {
      const response = await sessions.dispatcherB.request.put(
        `/carrier/jobs/${a.requestId}/proof-photos/tenancy-probe`,
        {
          data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
          headers: { origin: E2E_BASE_URL, "content-type": "image/jpeg" },
        },
      );
      expect(response.status()).toBe(401);
    },
  },
  "/carrier/join/[token]": {
    takes: "[token] (a carrier's invitation: public, unguessable, one-time)",
    probes: (a) => idsInTokenPlace(a, (id) => `/carrier/join/${id}`, "not-found"),
  },
  "/marketplace": {
    takes: "nothing (the viewer's own organisation's carriers)",
    probes: () => [own("/marketplace", "adminB")],
  },
  "/jobs/[token]": {
    takes: "[token] (public, unguessable)",
    probes: (a) => [
      ...idsInTokenPlace(a, (id) => `/jobs/${id}`, "not-found"),
      ...MALFORMED_TOKENS.map((token) => ({
        as: "adminB" as const,
        url: `/jobs/${token}`,
        expected: "not-found" as const,
      })),
    ],
  },
  "/jobs/[token]/view": {
    takes: "[token] (public, unguessable)",
    probes: (a) => [
      ...idsInTokenPlace(a, (id) => `/jobs/${id}/view`, "404"),
      ...MALFORMED_TOKENS.map((token) => ({
        as: "adminB" as const,
        url: `/jobs/${token}/view`,
        expected: "404" as const,
      })),
    ],
  },
  "/jobs/[token]/actions": {
    takes: "[token] (public, unguessable); POST only",
    probes: () => [],
    custom: (sessions, a) => jobActionsRefused(sessions.adminB, a),
  },
  "/jobs/[token]/positions": {
    takes: "[token] (public, unguessable); POST only",
    probes: () => [],
    custom: (sessions, a) => jobActionsRefused(sessions.adminB, a, "positions"),
  },
  "/jobs/[token]/proofs": {
    takes: "[token] (public, unguessable); POST only",
    probes: () => [],
    custom: (sessions, a) => proofRoutesRefused(sessions.adminB, a),
  },
  "/jobs/[token]/proof-photos/[photoId]": {
    takes: "[token] (public, unguessable), [photoId] (the phone's); PUT only",
    probes: () => [],
    custom: (sessions, a) => proofRoutesRefused(sessions.adminB, a),
  },
  "/api/proof-photos/[photoId]": {
    takes: "[photoId] with a signature of it: none of A's ids opens without one",
    probes: () => [],
    custom: async (sessions, a) => {
      for (const id of [a.requestId, a.jobLink.id, a.displayLink.id, ...MALFORMED_TOKENS]) {
        const response = await sessions.adminB.request.get(`/api/proof-photos/${id}?exp=99999999999&sig=x`);
        expect(response.status(), `GET /api/proof-photos/${id}`).toBe(403);
      }
    },
  },
  "/sublet/[token]": {
    takes: "[token] (a sublet vendor's link: public, unguessable)",
    probes: (a) => [
      ...subletIdsInTokenPlace(a, (id) => `/sublet/${id}`, "not-found"),
      ...MALFORMED_TOKENS.map((token) => ({
        as: "adminB" as const,
        url: `/sublet/${token}`,
        expected: "not-found" as const,
      })),
    ],
  },
  "/sublet/[token]/view": {
    takes: "[token] (public, unguessable)",
    probes: (a) => [
      ...subletIdsInTokenPlace(a, (id) => `/sublet/${id}/view`, "404"),
      ...MALFORMED_TOKENS.map((token) => ({
        as: "adminB" as const,
        url: `/sublet/${token}/view`,
        expected: "404" as const,
      })),
    ],
  },
  "/sublet/[token]/items/[itemId]": {
    takes: "[token] (public, unguessable), [itemId]; POST only",
    probes: () => [],
    custom: (sessions, a) => subletRoutesRefused(sessions.adminB, a),
  },
  "/sublet/[token]/items/[itemId]/photos/[photoId]": {
    takes: "[token] (public, unguessable), [itemId], [photoId] (the phone's); PUT only",
    probes: () => [],
    custom: (sessions, a) => subletRoutesRefused(sessions.adminB, a),
  },
  "/api/work-item-photos/[photoId]": {
    takes: "[photoId] with a signature of it: none of A's ids opens without one",
    probes: () => [],
    custom: async (sessions, a) => {
      for (const id of [a.workItem.id, a.subletItem.id, a.subletItem.linkId, ...MALFORMED_TOKENS]) {
        const response = await sessions.adminB.request.get(
          `/api/work-item-photos/${id}?exp=99999999999&sig=x`,
        );
        expect(response.status(), `GET /api/work-item-photos/${id}`).toBe(403);
      }
    },
  },
  "/jobs/[token]/manifest.webmanifest": {
    takes: "[token] (public, unguessable)",
    probes: (a) => idsInTokenPlace(a, (id) => `/jobs/${id}/manifest.webmanifest`, "404"),
  },
  "/jobs/sw.js": {
    takes: "nothing (the job pages' service worker)",
    probes: () => [own("/jobs/sw.js", "adminB")],
  },
  "/track/[token]": {
    takes: "[token] (public, unguessable)",
    probes: (a) => idsInTokenPlace(a, (id) => `/track/${id}`, "not-found"),
  },
  "/track/[token]/status": {
    takes: "[token] (public, unguessable)",
    probes: (a) => idsInTokenPlace(a, (id) => `/track/${id}/status`, "404"),
  },
};

/**
 * Token segments that are no token: encoded slashes and dots, non-ASCII, token-shaped, overlong. (Bytes
 * that are no UTF-8 never reach a route: the front door answers 400, e2e/ui/carrier-job.spec.ts.)
 */
const MALFORMED_TOKENS = ["..%2F..%2Fetc", "%C3%A9%C3%A9", "%20", "A".repeat(43), "x".repeat(400)];

/** POSTs to A's job actions (or positions) with ids and malformed tokens in the token's place: 404 each, nothing done. */
async function jobActionsRefused(
  context: BrowserContext,
  a: WorldA,
  route: "actions" | "positions" = "actions",
): Promise<void> {
  const tokens = [a.displayLink.id, a.prepSite.id, a.requestId, a.jobLink.id, ...MALFORMED_TOKENS];
  for (const token of tokens) {
    const response = await context.request.post(`/jobs/${token}/${route}`, {
      data: { ...PROBE_BODY[route], idempotencyKey: `tenancy-probe-${token.length}` },
      headers: { origin: E2E_BASE_URL },
    });
    expect(response.status(), `POST /jobs/${token}/${route}`).toBe(404);
  }
}

const PROBE_BODY = {
  actions: { action: "accept" },
  positions: { positions: [{ latitude: 53.5, longitude: -2.2, recordedAt: "2026-11-28T10:00:00Z" }] },
};

async function proofRoutesRefused(context: BrowserContext, a: WorldA): Promise<void> {
  const tokens = [a.displayLink.id, a.prepSite.id, a.requestId, a.jobLink.id, ...MALFORMED_TOKENS];
  for (const token of tokens) {
    const proof = await context.request.post(`/jobs/${token}/proofs`, {
      data: { kind: "collection", idempotencyKey: `tenancy-probe-${token.length}` },
      headers: { origin: E2E_BASE_URL },
    });
    expect(proof.status(), `POST /jobs/${token}/proofs`).toBe(404);
    const photo = await context.request.put(`/jobs/${token}/proof-photos/tenancy-probe`, {
      data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      headers: { origin: E2E_BASE_URL, "content-type": "image/jpeg" },
    });
    expect(photo.status(), `PUT /jobs/${token}/proof-photos/…`).toBe(404);
  }
}

/** A's ids (a sublet link's own id among them) in a sublet link's token place: nothing opens. */
function subletIdsInTokenPlace(a: WorldA, url: (id: string) => string, expected: Expected): Probe[] {
  return [a.subletItem.linkId, a.subletItem.id, a.prepJob.id, a.jobLink.id].map((id) => ({
    as: "adminB",
    url: url(id),
    expected,
  }));
}

/** A vendor's writes with A's ids and malformed tokens in the token's place: 404 each, nothing done. */
async function subletRoutesRefused(context: BrowserContext, a: WorldA): Promise<void> {
  const tokens = [a.subletItem.linkId, a.subletItem.id, a.prepJob.id, a.jobLink.id, ...MALFORMED_TOKENS];
  for (const token of tokens) {
    const done = await context.request.post(`/sublet/${token}/items/${a.subletItem.id}`, {
      data: { action: "done", priceCents: 1 },
      headers: { origin: E2E_BASE_URL },
    });
    expect(done.status(), `POST /sublet/${token}/items/…`).toBe(404);
    const photo = await context.request.put(
      `/sublet/${token}/items/${a.subletItem.id}/photos/tenancy-probe`,
      {
        data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
        headers: { origin: E2E_BASE_URL, "content-type": "image/jpeg" },
      },
    );
    expect(photo.status(), `PUT /sublet/${token}/items/…/photos/…`).toBe(404);
  }
}

function idsInTokenPlace(a: WorldA, url: (id: string) => string, expected: Expected): Probe[] {
  return [a.displayLink.id, a.prepSite.id, a.requestId, a.jobLink.id].map((id) => ({
    as: "adminB",
    url: url(id),
    expected,
  }));
}

type ActionCase =
  | {
      as: Viewer;
      args: (a: WorldA) => unknown[];
      /** "refused": ok:false; "none-refused": a bulk result whose every item is ok:false. */
      expected: "refused" | "none-refused" | "no-op";
    }
  | { noResourceId: string };

const lifecycle = (input: (a: WorldA) => unknown): ActionCase => ({
  as: "dispatcherB",
  args: (a) => [a.requestId, input(a)],
  expected: "refused",
});

const lifecycleRead = (): ActionCase => ({
  as: "dispatcherB",
  args: (a) => [a.requestId],
  expected: "refused",
});

const ACTIONS: Record<string, ActionCase> = {
  assignAction: lifecycle((a) => ({ driverId: a.driverId })),
  acceptAction: lifecycle((a) => ({ driverId: a.driverId })),
  collectedAction: lifecycle(() => ({ legNumber: 1 })),
  deliveredAction: lifecycle(() => ({ legNumber: 1 })),
  abortAction: lifecycle(() => ({ reason: "NotReady", detail: "tenancy probe" })),
  cancelAction: lifecycle(() => ({ reason: "tenancy probe" })),
  jobLinksAction: lifecycleRead(),
  proofsAction: lifecycleRead(),
  newJobLinkAction: lifecycle((a) => ({ driverId: a.driverId })),
  revokeJobLinkAction: { as: "dispatcherB", args: (a) => [a.jobLink.id], expected: "refused" },
  requestMarketplaceAction: lifecycleRead(),
  postToMarketplaceAction: lifecycleRead(),
  acceptBidAction: {
    as: "dispatcherB",
    args: (a) => [{ requestId: a.requestId, bidId: a.requestId }],
    expected: "refused",
  },
  inviteCarrierAction: { noResourceId: "invites into the caller's own organisation" },
  setAutoAcceptAction: { noResourceId: "sets the caller's own organisation's marketplace setting" },
  claimAction: {
    noResourceId: "a carrier's own (staff get ok:false); carriers: lib/marketplace/*.int.test.ts",
  },
  bidAction: {
    noResourceId: "a carrier's own (staff get ok:false); carriers: lib/marketplace/*.int.test.ts",
  },
  saveProofSettingsAction: { noResourceId: "sets the caller's own organisation's proof settings" },
  saveMessageSettingsAction: { noResourceId: "sets the caller's own organisation's message settings" },
  saveSitePinAction: {
    as: "adminB",
    args: (a) => [{ siteId: a.siteIds[0], latitude: 1, longitude: 1 }],
    expected: "refused",
  },
  savePlanningSettingsAction: { noResourceId: "sets the caller's own organisation's planning settings" },
  saveDriverPlanningAction: {
    as: "adminB",
    args: (a) => [
      a.driverId,
      { homeSiteId: null, workingHours: {}, daysOff: [], transporterLicence: true, costPerHourCents: 1 },
    ],
    expected: "refused",
  },
  withdrawAction: {
    noResourceId:
      "a carrier's own (staff get ok:false); carriers: lib/marketplace/marketplace-winner.int.test.ts",
  },
  joinAction: { noResourceId: "takes an invitation token, not an id" },
  bulkAssignAction: {
    as: "dispatcherB",
    args: (a) => [{ requestIds: [a.requestId], driverId: a.driverId }],
    expected: "none-refused",
  },
  saveViewAction: { noResourceId: "saves a view of the caller's own user" },
  // Deleting by id is scoped to the caller's own user: another user's view is left alone.
  deleteViewAction: { as: "dispatcherB", args: (a) => [a.savedView.id], expected: "no-op" },
  createMovementRequestAction: {
    as: "dispatcherB",
    args: (a) => [
      {
        vehicle: { vin: "WF0XXXGCDX7770002", vrm: "TN24 BBB", make: "Tenancy", model: "Probe" },
        businessArea: "Retail",
        readyWhen: "now",
        origin: { location: { type: "INTERNAL", siteId: a.siteIds[0] } },
        destination: { location: { type: "INTERNAL", siteId: a.siteIds[1] }, deliveryByDate: "2027-05-01" },
        transportMethod: "DRIVEN",
        profileId: a.profileId,
        dispatchTo: "planningPool",
      },
    ],
    expected: "refused",
  },
  movePrepJobAction: {
    as: "adminB",
    args: (a) => [{ id: a.prepJob.id, stage: "APPRAISED", substage: null }],
    expected: "refused",
  },
  createDisplayLinkAction: {
    as: "adminB",
    args: (a) => [{ name: "B's probe screen", siteId: a.prepSite.id }],
    expected: "refused",
  },
  revokeDisplayLinkAction: { as: "adminB", args: (a) => [a.displayLink.id], expected: "refused" },
  createWebhookEndpointAction: {
    as: "adminB",
    args: (a) => [a.profileId, { url: "http://127.0.0.1:9/b-probe" }],
    expected: "refused",
  },
  setWebhookEndpointEnabledAction: { as: "adminB", args: (a) => [a.endpoint.id, false], expected: "refused" },
  updateWebhookEndpointAction: {
    as: "adminB",
    args: (a) => [a.endpoint.id, { url: "http://127.0.0.1:9/b-took-it", description: "B" }],
    expected: "refused",
  },
  rotateWebhookSecretAction: { as: "adminB", args: (a) => [a.endpoint.id], expected: "refused" },
  deleteWebhookEndpointAction: { as: "adminB", args: (a) => [a.endpoint.id], expected: "refused" },
  sendWebhookTestEventAction: { as: "adminB", args: (a) => [a.endpoint.id, {}], expected: "refused" },
  redeliverWebhookDeliveryAction: {
    as: "adminB",
    args: (a) => [a.endpoint.id, a.deliveryId],
    expected: "refused",
  },
  createApiKeyAction: {
    as: "adminB",
    args: (a) => [a.profileId, { name: "B's probe key", scopes: ["integration"] }],
    expected: "refused",
  },
  revokeApiKeyAction: { as: "adminB", args: (a) => [a.profileId, a.apiKeyId], expected: "refused" },
  // Takes FormData (the notice form): called in the multipart encoding below.
  dismissNotice: { as: "adminB", args: (a) => [{ noticeId: a.noticeId }], expected: "no-op" },
  loadCardDetailsAction: { as: "adminB", args: (a) => [a.prepJob.id], expected: "refused" },
  addKanbanNoteAction: {
    as: "adminB",
    args: (a) => [{ prepJobId: a.prepJob.id, body: "B's probe note" }],
    expected: "refused",
  },
  addWorkItemAction: {
    as: "adminB",
    args: (a) => [
      a.prepJob.id,
      {
        category: "BODY",
        description: "B's probe item",
        estimate: [{ kind: "PARTS", description: "B's part", amountCents: 100 }],
      },
    ],
    expected: "refused",
  },
  // A's item awaits approval: approving it, or the whole estimate, would change it.
  moveWorkItemAction: {
    as: "adminB",
    args: (a) => [a.prepJob.id, a.workItem.id, { to: "APPROVED" }],
    expected: "refused",
  },
  decideEstimateAction: { as: "adminB", args: (a) => [a.prepJob.id, "APPROVED"], expected: "refused" },
  editWorkItemAction: {
    as: "adminB",
    args: (a) => [a.prepJob.id, a.workItem.id, { description: "B's probe edit", category: "OTHER" }],
    expected: "refused",
  },
  // Every check of A's site failed: it would propose an item per check on A's job.
  inspectVehicleAction: {
    as: "adminB",
    args: (a) => [
      a.prepJob.id,
      { results: a.inspectionCheckIds.map((checkId) => ({ checkId, passed: false, note: "B's probe" })) },
    ],
    expected: "refused",
  },
  loadCardSubletAction: { as: "adminB", args: (a) => [a.prepJob.id], expected: "refused" },
  // A's item at sublet: sending it to a vendor of B's (or a new one) would change it.
  sendToSubletAction: {
    as: "adminB",
    args: (a) => [a.prepJob.id, a.subletItem.id, { vendor: { new: { name: "B's probe vendor" } } }],
    expected: "refused",
  },
  revokeSubletLinkAction: {
    as: "adminB",
    args: (a) => [a.prepJob.id, a.subletItem.linkId],
    expected: "refused",
  },
  addWorkItemPhotoAction: {
    as: "adminB",
    args: (a) => [a.prepJob.id, a.subletItem.id, { clientId: "tenancy-probe-photo" }],
    expected: "refused",
  },
  savePrepSiteSettingsAction: {
    as: "adminB",
    args: (a) => [
      a.prepSite.id,
      { wipLimits: { ARRIVED: 1 }, ageingThresholds: {}, openingHours: null, closedDays: [] },
    ],
    expected: "refused",
  },
  saveReconSettingsAction: {
    as: "adminB",
    args: (a) => [
      a.prepSite.id,
      { labourRateCents: 1, currency: "GBP", autoApproveBelowCents: 0, outboundWithOpenItems: "BLOCK" },
    ],
    expected: "refused",
  },
  saveInspectionChecklistAction: {
    as: "adminB",
    args: (a) => [a.prepSite.id, { checks: [{ label: "B's probe check", category: "OTHER" }] }],
    expected: "refused",
  },
  saveBrandingAction: { noResourceId: "sets the caller's own organisation's branding" },
  endUserSessionAction: {
    as: "adminB",
    args: (a) => [a.adminUser.id, a.adminUser.sessionId],
    expected: "refused",
  },
  endAllUserSessionsAction: { as: "adminB", args: (a) => [a.adminUser.id], expected: "refused" },
  askForPoolPlanAction: {
    as: "dispatcherB",
    args: (a) => {
      const today = new Date().toISOString().slice(0, 10);
      return [{ from: today, to: today, requestIds: [a.requestId] }];
    },
    expected: "refused",
  },
  poolPlanReviewAction: { as: "dispatcherB", args: (a) => [a.poolPlanId], expected: "refused" },
  manualPlanAction: { as: "dispatcherB", args: (a) => [a.poolPlanId], expected: "refused" },
  movePlanRequestAction: {
    as: "dispatcherB",
    args: (a) => [a.poolPlanId, { requestId: a.requestId, to: { driverId: a.driverId } }],
    expected: "refused",
  },
  lockPlanRequestAction: {
    as: "dispatcherB",
    args: (a) => [a.poolPlanId, { requestId: a.requestId, locked: true }],
    expected: "refused",
  },
  replanAction: { as: "dispatcherB", args: (a) => [a.poolPlanId], expected: "refused" },
  acceptPoolPlanAction: { as: "dispatcherB", args: (a) => [a.poolPlanId, {}], expected: "refused" },
  signInWithCredentials: { noResourceId: "signs in; the e-mail and password are the input" },
  signOutOfStaff: { noResourceId: "ends the caller's own session" },
};

let sessions: Sessions;
let world: WorldA;
let actions: Map<string, ServerAction>;

async function signedIn(browser: Browser, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await fillSignInForm(page, email);
  await expect(page).not.toHaveURL(/\/sign-in(\?|$)/, { timeout: 15_000 });
  await page.close();
  return context;
}

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(120_000);
  await addAdminOfB();
  sessions = {
    adminA: await signedIn(browser, DEMO_STAFF.admin),
    dispatcherB: await signedIn(browser, DEMO_STAFF.otherDispatcher),
    adminB: await signedIn(browser, B_ADMIN),
  };
  actions = serverActions();
  world = await createWorldA(request, sessions.adminA.request, actions);
  // No marker of A may be text that B's own pages show, or its absence would prove nothing.
  const sitesOfB = (await (
    await request.get("/v1/infrastructure/sites", { headers: { "X-Service-API-Key": env().DEMO_API_KEY_B } })
  ).json()) as { data: { name: string }[] };
  expect(sitesOfB.data.filter((site) => world.markers.includes(site.name))).toEqual([]);
});

test.afterAll(async () => {
  for (const context of Object.values(sessions ?? {})) await context.close();
});

async function expectProbe(all: Sessions, a: WorldA, probe: Probe): Promise<void> {
  const label = `${probe.as} GET ${probe.url}`;
  const response = await all[probe.as].request.get(probe.url, { maxRedirects: 5, timeout: 20_000 });
  const body = await response.text();
  // A page repeats its own URL (the search box, the RSC payload): what the probe sent is not a leak.
  const sent = decodeURIComponent(probe.url);
  for (const marker of a.markers.filter((text) => !sent.includes(text))) {
    expect(body, `${label}: shows A's "${marker}"`).not.toContain(marker);
  }
  switch (probe.expected) {
    case "not-found":
      // 404, or — once a loading boundary has streamed — 200 with Next's not-found fallback in place.
      if (response.status() !== 404) {
        expect(response.status(), label).toBe(200);
        expect(body, label).toContain("NEXT_HTTP_ERROR_FALLBACK;404");
      }
      break;
    case "404":
      expect(response.status(), label).toBe(404);
      break;
    case "own-page":
      expect(response.status(), label).toBe(200);
      break;
    case "csv-without-rows":
      expect(response.status(), label).toBe(200);
      expect(body.trim().split("\n"), `${label}: only the header line`).toHaveLength(1);
      break;
  }
}

/**
 * The board's live stream replays B's events from the start; a new event of B, made after A's, ends
 * the replay deterministically: A's events, had they leaked, would have come before it.
 */
async function boardStreamShowsOnlyB(dispatcherB: BrowserContext, a: WorldA): Promise<void> {
  const cookie = (await dispatcherB.cookies()).map((entry) => `${entry.name}=${entry.value}`).join("; ");
  const stop = new AbortController();
  const response = await fetch(`${E2E_BASE_URL}/api/board/stream?lastEventId=0`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: stop.signal,
  });
  expect(response.status).toBe(200);
  const keyB = { "X-Service-API-Key": env().DEMO_API_KEY_B };
  const sitesOfB = (await (
    await dispatcherB.request.get("/v1/infrastructure/sites", { headers: keyB })
  ).json()) as {
    data: { id: string }[];
  };
  const created = await dispatcherB.request.post("/v1/movement-requests/create-in-planning-pool", {
    headers: keyB,
    data: {
      vehicle: { vrm: "TN24 BBC", make: "Tenancy", model: "Marker" },
      origin: { location: { type: "INTERNAL", siteId: sitesOfB.data[0]!.id } },
      destination: {
        location: { type: "INTERNAL", siteId: sitesOfB.data[1]!.id },
        deliveryByDate: "2027-05-01",
      },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
    },
  });
  expect(created.status()).toBe(201);
  const markerOfB = ((await created.json()) as { id: string }).id;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  // Ends the read if B's event never comes; the expectation below then says so.
  const guard = setTimeout(() => stop.abort(), 30_000);
  try {
    while (!text.includes(markerOfB)) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } catch (error) {
    if (!stop.signal.aborted) throw error;
  } finally {
    clearTimeout(guard);
    stop.abort();
  }
  expect(text, "B's own new event arrives").toContain(markerOfB);
  for (const marker of [a.requestId, a.vrm])
    expect(text, `the stream shows A's "${marker}"`).not.toContain(marker);
}

/**
 * The positions' stream wakes only its own organisation's maps: A's vehicle reports while A's and B's
 * streams are open; A's hears it (so B's silence means something), B's hears nothing.
 */
async function positionStreamShowsOnlyOwn(sessions: Sessions): Promise<void> {
  const open = async (context: BrowserContext, stop: AbortController) => {
    const cookie = (await context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join("; ");
    const response = await fetch(`${E2E_BASE_URL}/api/board/positions`, {
      headers: { cookie, accept: "text/event-stream" },
      signal: stop.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const read = (async () => {
      try {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return;
          text += decoder.decode(chunk.value, { stream: true });
        }
      } catch (error) {
        if (!stop.signal.aborted) throw error;
      }
    })();
    return { text: () => text, read };
  };
  const stop = new AbortController();
  const [ofA, ofB] = [await open(sessions.adminA, stop), await open(sessions.dispatcherB, stop)];
  try {
    const requestOfA = await onTheRoad(sessions.adminA.request, "TN25 POS");
    await reportPosition(sessions.adminA.request, requestOfA, 53.5, -2.1);
    await expect.poll(() => ofA.text(), { timeout: 10_000 }).toContain("event: positions");
    expect(ofB.text(), "B's stream woke for A's vehicle").not.toContain("event: positions");
  } finally {
    stop.abort();
    await Promise.all([ofA.read, ofB.read]);
  }
}

async function siteNameOfA(siteId: string): Promise<string> {
  return withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM "Site" WHERE id = $1`, [siteId]);
    return rows[0]!.name;
  });
}

async function driverNameOfA(driverId: string): Promise<string> {
  return withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT firstname || ' ' || surname AS name FROM "Driver" WHERE id = $1`,
      [driverId],
    );
    return rows[0]!.name;
  });
}

test("the probes see A's data when A looks (so that its absence for B means something)", async () => {
  const body = async (url: string) => {
    const response = await sessions.adminA.request.get(url);
    expect(response.status(), url).toBe(200);
    return response.text();
  };
  expect(await body(`/board?open=${world.requestId}`)).toContain(world.vrm);
  expect(await body(`/board/export?q=${world.requestId}`)).toContain(world.vrm);
  expect(await body(`/integrations/endpoints/${world.endpoint.id}`)).toContain(world.endpoint.url);
  expect(await body(`/prep-jobs?site=${world.prepSite.id}`)).toContain(world.prepSite.name);
  expect(await body(`/api/prep-jobs/board?site=${world.prepSite.id}`)).toContain(world.prepJob.vin);
  expect(await body(`/display/${world.displayLink.token}`)).toContain(world.prepSite.name);
  expect(await body("/prep-jobs/display-links")).toContain(world.displayLink.name);
  expect(await body("/notices")).toContain(world.notice);
});

// One test per UI route on disk: a route the walk was not taught fails here, by name.
for (const route of uiRoutes()) {
  const walk = WALK[route.template];
  test(`${route.template} (takes ${walk?.takes ?? "?"}) as organisation B with A's resources`, async () => {
    expect(
      walk,
      `new UI route ${route.template} (${route.file}): teach the tenancy walk its resource`,
    ).toBeTruthy();
    for (const probe of walk!.probes(world)) await expectProbe(sessions, world, probe);
    await walk!.custom?.(sessions, world);
  });
}

test("the walk names no route that no longer exists", () => {
  const onDisk = new Set(uiRoutes().map((route) => route.template));
  expect(Object.keys(WALK).filter((template) => !onDisk.has(template))).toEqual([]);
});

/**
 * dismissNotice(formData) as the notice form posts it: React's encodeReply sends a FormData argument's
 * fields as parts "_1_<name>" and then, last (the server reads the parts as they stream in), the
 * arguments in part "0" with "$K1" in the FormData's place.
 */
async function dismissNoticeAs(context: BrowserContext, noticeId: string) {
  const action = actions.get("dismissNotice")!;
  const reply = new FormData();
  reply.append("_1_noticeId", noticeId);
  reply.append("0", JSON.stringify(["$K1"]));
  return context.request.post(action.pagePath, {
    headers: { "next-action": action.id, accept: "text/x-component", origin: E2E_BASE_URL },
    multipart: reply,
    maxRedirects: 0,
  });
}

test("every server action, called by B with A's ids, is refused and leaves A unchanged", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const unknown = [...actions.keys()].filter((name) => !ACTIONS[name]);
  expect(
    unknown,
    `new server action(s) ${unknown.join(", ")}: teach the tenancy walk their resource`,
  ).toEqual([]);
  const before = await snapshotOfA(request, world);
  // Soft: every action is tried and reported, not only the first that fails.
  for (const [name, action] of actions) {
    const walk = ACTIONS[name]!;
    if ("noResourceId" in walk) continue;
    await test.step(name, async () => {
      const args = walk.args(world);
      const response =
        name === "dismissNotice"
          ? await dismissNoticeAs(sessions[walk.as], world.noticeId)
          : await callServerAction(sessions[walk.as].request, action, args, { origin: E2E_BASE_URL });
      const sent = JSON.stringify(args);
      const label = `${walk.as}: ${name}(${sent})`;
      expect.soft(response.status(), label).toBe(200);
      const result = await actionResult(response);
      if (walk.expected === "refused") {
        expect.soft(result?.ok, label).toBe(false);
        // Refused because A's resource is not B's ("No … was found"), not for a malformed input.
        expect.soft(JSON.stringify(result), label).toMatch(/not[ _]found|was found/i);
      }
      if (walk.expected === "none-refused") {
        const outcomes = (result as { ok: boolean; data?: { ok: boolean }[] } | null)?.data ?? [];
        expect.soft(outcomes.length, label).toBeGreaterThan(0);
        expect
          .soft(
            outcomes.filter((outcome) => outcome.ok),
            label,
          )
          .toEqual([]);
        expect.soft(JSON.stringify(outcomes), label).toMatch(/not[ _]found|was found/i);
      }
      // The ids B sent may come back in the message ("No movement request … was found"): not a leak.
      const body = JSON.stringify(result);
      for (const marker of world.markers.filter((text) => !sent.includes(text))) {
        expect.soft(body, `${label}: answers with A's "${marker}"`).not.toContain(marker);
      }
      expect.soft(await snapshotOfA(request, world), `${label}: changed A's resources`).toEqual(before);
    });
  }
});

test("the FormData encoding reaches dismissNotice (A's admin dismisses A's own notice)", async () => {
  const response = await dismissNoticeAs(sessions.adminA, world.controlNoticeId);
  expect(response.status()).toBe(200);
  // A's own notice is read now; the one B tried to dismiss (same encoding) is still unread.
  const readAt = await withE2eDatabase(
    async (client) =>
      (
        await client.query<{ id: string; read: boolean }>(
          `SELECT id, "readAt" IS NOT NULL AS read FROM "Notice" WHERE id = ANY($1) ORDER BY id`,
          [[world.controlNoticeId, world.noticeId]],
        )
      ).rows,
  );
  expect(readAt).toEqual([
    { id: world.controlNoticeId, read: true },
    { id: world.noticeId, read: false },
  ]);
});
