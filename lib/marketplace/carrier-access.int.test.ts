// A marketplace carrier's session against the staff side: every staff page guard, staff server action
// and staff endpoint refuses it; the carrier's own guard refuses staff; /v1 takes API keys only.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { startUserSession } from "@/lib/auth/user-sessions";
import { kysely } from "@/lib/db";
import { requireCarrier } from "@/lib/marketplace/carrier-context";
import { inviteCarrier } from "@/lib/marketplace/invite-carrier";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { callRoute } from "@/test/call-route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";
import { createUser } from "@/prisma/factories";
import { acceptAction, cancelAction, jobLinksAction } from "@/app/(staff)/board/actions";
import * as systemRoute from "@/app/api/system/route";
import * as v1Request from "@/app/v1/movement-requests/[requestId]/route";

const { createPoolRequest } = operationsApi({ createInPool: createInPoolRoute });

const session = vi.hoisted(() => ({ current: null as { user: { id: string }; sessionId: string } | null }));
vi.mock("@/lib/auth/staff-auth", () => ({ auth: async () => session.current }));

const database = setupTestDatabase();
let world: MovementWorld;
let carrierSession: { user: { id: string }; sessionId: string };
let dispatcherSession: { user: { id: string }; sessionId: string };
let requestId: string;

async function sessionOf(userId: string) {
  const started = await startUserSession({ userId, userAgent: null, ipAddress: null });
  return { user: { id: userId }, sessionId: started.id };
}

/** What Next's notFound() and forbidden() throw: the page renders the 404 or 403 page. */
const refused = { digest: expect.stringMatching(/^NEXT_HTTP_ERROR_FALLBACK;40[34]$/) };

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  const { carrierId } = await inviteCarrier(
    { organisationId: world.organisation.id, actor: "user:admin@test" },
    {
      name: "Access Test Carrier",
      email: "access-carrier@carriers.test",
      kind: "INDEPENDENT_DRIVER",
      transportMethods: ["DRIVEN"],
      postcodeAreas: ["M"],
    },
  );
  const carrier = await kysely()
    .selectFrom("MarketplaceCarrier")
    .select("userId")
    .where("id", "=", carrierId)
    .executeTakeFirstOrThrow();
  carrierSession = await sessionOf(carrier.userId);
  const dispatcher = await createUser(database.prisma, {
    organisationId: world.organisation.id,
    role: "DISPATCHER",
  });
  dispatcherSession = await sessionOf(dispatcher.id);
  requestId = (await createPoolRequest(world)).id as string;
});

describe("a carrier's session", () => {
  beforeEach(() => {
    session.current = carrierSession;
  });

  it("opens no staff page: the shell's guard and every capability's guard refuse it", async () => {
    await expect(requireStaff()).rejects.toMatchObject(refused);
    for (const capability of ["view-board", "dispatch", "manage-users", "manage-marketplace"] as const) {
      await expect(requireStaff(rolesWith(capability))).rejects.toMatchObject(refused);
    }
    // Even a list that names its role: a carrier is not staff.
    await expect(requireStaff(["CARRIER"])).rejects.toMatchObject(refused);
  });

  it("calls no staff server action, and changes nothing", async () => {
    await expect(acceptAction(requestId)).rejects.toMatchObject(refused);
    await expect(cancelAction(requestId)).rejects.toMatchObject(refused);
    await expect(jobLinksAction(requestId)).rejects.toMatchObject(refused);
    const request = await kysely()
      .selectFrom("MovementRequest")
      .select("status")
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe("CREATED");
  });

  it("gets 403 from the staff endpoints", async () => {
    const response = await callRoute(systemRoute.GET, { path: "/api/system" });
    expect(response.status).toBe(403);
  });

  it("opens its own jobs page", async () => {
    const context = await requireCarrier();
    expect(context.carrier).toMatchObject({
      name: "Access Test Carrier",
      organisationId: world.organisation.id,
    });
  });
});

describe("the carrier's pages", () => {
  it("refuse staff, and send the signed-out to sign in", async () => {
    session.current = dispatcherSession;
    await expect(requireCarrier()).rejects.toMatchObject(refused);
    session.current = null;
    await expect(requireCarrier()).rejects.toMatchObject({
      digest: expect.stringContaining("NEXT_REDIRECT"),
    });
  });
});

describe("the /v1 API", () => {
  it("takes no session: without an API key it is 401", async () => {
    session.current = carrierSession;
    const response = await callRoute(v1Request.GET, {
      path: `/v1/movement-requests/${requestId}`,
      params: { requestId },
      headers: { cookie: "authjs.session-token=whatever" },
    });
    expect(response.status).toBe(401);
  });
});
