import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffContext } from "@/lib/auth/require-staff";
import { AppError } from "@/lib/errors/app-error";
import { withStaffSession } from "@/lib/http/with-staff-session";

const signedIn = vi.hoisted(() => ({ staff: null as StaffContext | null }));
vi.mock("@/lib/auth/require-staff", () => ({ getStaffContext: async () => signedIn.staff }));

const dispatcher: StaffContext = {
  sessionId: "session-1",
  user: { id: "user-1", email: "dispatcher@demo.test", name: "Dee", role: "DISPATCHER" },
  organisationId: "org-1",
  organisationName: "Demo",
  actor: "user:dispatcher@demo.test",
  scope: { organisationId: "org-1", actor: "user:dispatcher@demo.test" },
};

const request = () => new Request("http://vms.test/api/something");

describe("withStaffSession", () => {
  beforeEach(() => {
    signedIn.staff = dispatcher;
  });

  it("runs the handler with the session's staff member", async () => {
    const route = withStaffSession({ capability: "view-board", what: "see the board" }, async ({ staff }) =>
      Response.json({ organisationId: staff.organisationId }),
    );
    const response = await route(request());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ organisationId: "org-1" });
  });

  it("answers 401 signed out and 403 without the capability, as problem+json, without running the handler", async () => {
    const handler = vi.fn(async () => new Response("never"));
    signedIn.staff = null;
    const signedOut = await withStaffSession(
      { capability: "view-board", what: "see the board" },
      handler,
    )(request());
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("content-type")).toContain("application/problem+json");
    expect(((await signedOut.json()) as { detail: string }).detail).toBe("Sign in to see the board.");
    signedIn.staff = dispatcher;
    const forbidden = await withStaffSession(
      { capability: "manage-users", what: "end sessions" },
      handler,
    )(request());
    expect(forbidden.status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
  });

  it("maps the handler's errors", async () => {
    const route = withStaffSession({ capability: "view-board", what: "see the board" }, async () => {
      throw new AppError("SITE_NOT_FOUND", "No such site.");
    });
    expect((await route(request())).status).toBe(404);
  });
});
