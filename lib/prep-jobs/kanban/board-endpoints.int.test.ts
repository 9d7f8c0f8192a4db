// The board's route handlers: a staff member sees only the prep sites their board offers, a workshop
// screen only its link's site, and a revoked link is 404 for the board and its stream alike.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffContext } from "@/lib/auth/require-staff";
import { createDisplayLink } from "@/lib/prep-jobs/display-links/create-display-link";
import { revokeDisplayLink } from "@/lib/prep-jobs/display-links/revoke-display-link";
import type { KanbanBoard } from "@/lib/prep-jobs/kanban/board";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { createPrepJob, createSite, createUser } from "@/prisma/factories";
import * as staffBoard from "@/app/api/prep-jobs/board/route";
import * as staffStream from "@/app/api/prep-jobs/stream/route";
import * as displayBoard from "@/app/display/[token]/board/route";
import * as displayStream from "@/app/display/[token]/stream/route";

const signedIn = vi.hoisted(() => ({ staff: null as StaffContext | null }));
vi.mock("@/lib/auth/require-staff", () => ({ getStaffContext: async () => signedIn.staff }));

const database = setupTestDatabase();
let tenant: Tenant;
let mySite: { id: string };
let theirSite: { id: string };
let foreignSite: { id: string };

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  const other = await createTenant(database.prisma);
  const organisationId = tenant.organisation.id;
  mySite = await createSite(database.prisma, { organisationId, isPrepSite: true });
  theirSite = await createSite(database.prisma, { organisationId, isPrepSite: true });
  foreignSite = await createSite(database.prisma, {
    organisationId: other.organisation.id,
    isPrepSite: true,
  });
  for (const prepSiteId of [mySite.id, theirSite.id])
    await createPrepJob(database.prisma, {
      organisationId,
      profileId: tenant.profile.id,
      prepSiteId,
      stage: "ARRIVED",
    });
  const user = await createUser(database.prisma, {
    organisationId,
    role: "PREP_STAFF",
    prepSiteIds: [mySite.id],
  });
  const actor = `user:${user.email}`;
  signedIn.staff = {
    sessionId: "session-of-the-test",
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
    organisationId,
    organisationName: tenant.organisation.name,
    actor,
    scope: { organisationId, actor },
  };
});

const get = (path: string) => new Request(`http://vms.test${path}`);
const params = (token: string) => ({ params: Promise.resolve({ token }) });

describe("the staff board endpoints", () => {
  it("serve the board of the user's own prep site", async () => {
    const response = await staffBoard.GET(get(`/api/prep-jobs/board?site=${mySite.id}`));
    expect(response.status).toBe(200);
    const board = (await response.json()) as KanbanBoard;
    expect(board.site.id).toBe(mySite.id);
    expect(board.total).toBe(1);
  });

  it("refuse another site, another organisation's site, and a signed-out visitor", async () => {
    for (const site of [theirSite.id, foreignSite.id, ""]) {
      expect((await staffBoard.GET(get(`/api/prep-jobs/board?site=${site}`))).status).toBe(404);
      expect((await staffStream.GET(get(`/api/prep-jobs/stream?site=${site}`))).status).toBe(404);
    }
    const staff = signedIn.staff;
    signedIn.staff = null;
    try {
      expect((await staffStream.GET(get(`/api/prep-jobs/stream?site=${mySite.id}`))).status).toBe(401);
    } finally {
      signedIn.staff = staff;
    }
  });

  it("stream server-sent events", async () => {
    const abort = new AbortController();
    const response = await staffStream.GET(
      new Request(`http://vms.test/api/prep-jobs/stream?site=${mySite.id}`, { signal: abort.signal }),
    );
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe("retry: 1000\n\n");
    abort.abort();
    await reader.cancel();
  });
});

describe("the workshop-screen endpoints", () => {
  it("serve the link's site without a session, and 404 once the link is revoked", async () => {
    const scope = { organisationId: tenant.organisation.id };
    const { link, token } = await createDisplayLink(scope, { name: "TV", siteId: theirSite.id });
    const response = await displayBoard.GET(get(`/display/${token}/board`), params(token));
    expect(response.status).toBe(200);
    expect(((await response.json()) as KanbanBoard).site.id).toBe(theirSite.id);

    await revokeDisplayLink(scope, link.id);
    expect((await displayBoard.GET(get(`/display/${token}/board`), params(token))).status).toBe(404);
    expect((await displayStream.GET(get(`/display/${token}/stream`), params(token))).status).toBe(404);
    const unknown = "x".repeat(43);
    expect((await displayStream.GET(get(`/display/${unknown}/stream`), params(unknown))).status).toBe(404);
  });

  it("carry at most ?cards=N cards a group, so a screen fetches what it shows, and refuse N over the cap", async () => {
    const scope = { organisationId: tenant.organisation.id };
    for (let job = 0; job < 2; job++)
      await createPrepJob(database.prisma, {
        organisationId: tenant.organisation.id,
        profileId: tenant.profile.id,
        prepSiteId: mySite.id,
        stage: "ARRIVED",
      });
    const { token } = await createDisplayLink(scope, { name: "Small TV", siteId: mySite.id });
    const arrived = async (query: string) => {
      const response = await displayBoard.GET(get(`/display/${token}/board${query}`), params(token));
      const board = (await response.json()) as KanbanBoard;
      return board.columns.find((column) => column.stage === "ARRIVED")!.groups[0]!;
    };
    expect((await arrived("")).cards).toHaveLength(3);
    const one = await arrived("?cards=1");
    expect(one.cards).toHaveLength(1);
    expect(one.count).toBe(3);
    // A screen may ask for up to WORKSHOP_CARDS_PER_GROUP (30): it fills a column before "+ N more".
    expect((await arrived("?cards=30")).cards).toHaveLength(3);
    for (const query of ["?cards=31", "?cards=0", "?cards=%ff", "?cards=1e400", `?q=${"x".repeat(101)}`]) {
      const refused = await displayBoard.GET(get(`/display/${token}/board${query}`), params(token));
      expect(refused.status, query).toBe(400);
    }
    // The staff board stays at CARDS_PER_GROUP (10).
    const staff = await staffBoard.GET(get(`/api/prep-jobs/board?site=${mySite.id}&cards=11`));
    expect(staff.status).toBe(400);
  });
});
