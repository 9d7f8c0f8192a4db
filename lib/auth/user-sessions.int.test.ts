// Server-side staff sessions: live until ended or timed out; a role or password change ends the user's
// other sessions; an administrator ends one session of a user of their own organisation only.
import { beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import {
  endUserSession,
  isLiveSession,
  listActiveSessions,
  startUserSession,
} from "@/lib/auth/user-sessions";
import { changeUserPassword } from "@/lib/auth/users/change-user-password";
import { changeUserRole } from "@/lib/auth/users/change-user-role";
import { endOrganisationUserSession } from "@/lib/auth/users/organisation-users";
import { kysely } from "@/lib/db";
import { setupTestDatabase } from "@/test/test-database";
import { createOrganisation, createUser } from "@/prisma/factories";

const database = setupTestDatabase();
let organisationId: string;
let otherOrganisationId: string;

beforeAll(async () => {
  organisationId = (await createOrganisation(database.prisma)).id;
  otherOrganisationId = (await createOrganisation(database.prisma)).id;
});

const newUser = (role: "DISPATCHER" | "ADMIN" = "DISPATCHER", organisation = organisationId) =>
  createUser(database.prisma, { organisationId: organisation, role });

const sessionRow = (id: string) =>
  kysely().selectFrom("UserSession").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const userRow = (id: string) =>
  kysely().selectFrom("User").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const start = (userId: string, now?: Date) =>
  startUserSession({ userId, userAgent: "Mozilla/5.0", ipAddress: "10.9.0.1", now });

describe("a staff session", () => {
  it("is live until signed out, and not at all for another user", async () => {
    const user = await newUser();
    const session = await start(user.id);
    expect(await isLiveSession(session.id, user.id)).toBe(true);
    expect(await isLiveSession(session.id, (await newUser()).id)).toBe(false);
    expect(await endUserSession({ sessionId: session.id }, "signed-out")).toBe(true);
    expect(await isLiveSession(session.id, user.id)).toBe(false);
  });

  it("is refused at once when another server process ends it (nothing is cached)", async () => {
    const user = await newUser();
    const session = await start(user.id);
    expect(await isLiveSession(session.id, user.id)).toBe(true);
    // What another process's sign-out writes; this process has just answered "live".
    await kysely()
      .updateTable("UserSession")
      .set({ endedAt: new Date(), endedReason: "signed-out" })
      .where("id", "=", session.id)
      .execute();
    expect(await isLiveSession(session.id, user.id)).toBe(false);
  });

  it("writes 'last seen' at most once a minute", async () => {
    const user = await newUser();
    const signedIn = new Date(Date.UTC(2031, 0, 2, 8));
    const session = await start(user.id, signedIn);
    const lastSeen = async () => (await sessionRow(session.id)).lastSeenAt;
    expect(await isLiveSession(session.id, user.id, new Date(signedIn.getTime() + 30_000))).toBe(true);
    expect(await lastSeen()).toEqual(signedIn);
    const later = new Date(signedIn.getTime() + 90_000);
    expect(await isLiveSession(session.id, user.id, later)).toBe(true);
    expect(await lastSeen()).toEqual(later);
  });

  it("ends after the idle timeout without use and at the absolute timeout however active", async () => {
    const user = await newUser();
    const signedIn = new Date(Date.UTC(2031, 0, 1, 8));
    const idle = await start(user.id, signedIn);
    // 120 minutes idle by default: 119 minutes later it is live (and marked seen), 121 after that not.
    expect(await isLiveSession(idle.id, user.id, new Date(signedIn.getTime() + 119 * 60_000))).toBe(true);
    expect(await isLiveSession(idle.id, user.id, new Date(signedIn.getTime() + 240 * 60_000))).toBe(false);

    const busy = await start(user.id, signedIn);
    let now = signedIn.getTime();
    for (let hour = 1; hour < 12; hour++) {
      now = signedIn.getTime() + hour * 3_600_000;
      expect(await isLiveSession(busy.id, user.id, new Date(now))).toBe(true);
    }
    expect(await isLiveSession(busy.id, user.id, new Date(signedIn.getTime() + 12 * 3_600_000 + 1000))).toBe(
      false,
    );
  });
});

describe("changes that end a user's other sessions", () => {
  it("a role change ends all of the user's sessions", async () => {
    const user = await newUser();
    const [phone, desk] = [await start(user.id), await start(user.id)];
    const admin = await newUser("ADMIN");
    const adminSession = await start(admin.id);
    const result = await changeUserRole(
      { organisationId, actor: `user:${admin.email}`, sessionId: adminSession.id },
      user.id,
      "PREP_STAFF",
    );
    expect(result.endedSessions).toBe(2);
    expect(await isLiveSession(phone.id, user.id)).toBe(false);
    expect(await isLiveSession(desk.id, user.id)).toBe(false);
    expect(await isLiveSession(adminSession.id, admin.id)).toBe(true);
    expect((await userRow(user.id)).role).toBe("PREP_STAFF");
  });

  it("admins changing their own role keep the session they are using", async () => {
    const admin = await newUser("ADMIN");
    const [current, other] = [await start(admin.id), await start(admin.id)];
    await changeUserRole(
      { organisationId, actor: "user:self", sessionId: current.id },
      admin.id,
      "DISPATCHER",
    );
    expect(await isLiveSession(current.id, admin.id)).toBe(true);
    expect(await isLiveSession(other.id, admin.id)).toBe(false);
  });

  it("a password change ends every other session, keeps the one that made it, and sets the password", async () => {
    const user = await newUser();
    const [current, other] = [await start(user.id), await start(user.id)];
    const result = await changeUserPassword(user.id, "a brand new passphrase", {
      keepSessionId: current.id,
      actor: "user:self",
    });
    expect(result.endedSessions).toBe(1);
    expect(await isLiveSession(current.id, user.id)).toBe(true);
    expect(await isLiveSession(other.id, user.id)).toBe(false);
    const stored = await userRow(user.id);
    expect(await verifyPassword("a brand new passphrase", stored.passwordHash)).toBe(true);
  });
});

describe("an administrator ending a session", () => {
  it("ends another user's session of the organisation, which then stops working", async () => {
    const user = await newUser();
    const session = await start(user.id);
    await endOrganisationUserSession({ organisationId, actor: "user:admin" }, user.id, session.id);
    expect(await isLiveSession(session.id, user.id)).toBe(false);
    expect(await listActiveSessions(user.id)).toEqual([]);
    const row = await sessionRow(session.id);
    expect(row.endedReason).toBe("ended-by-admin");
  });

  it("cannot reach a user of another organisation", async () => {
    const stranger = await newUser("DISPATCHER", otherOrganisationId);
    const session = await start(stranger.id);
    await expect(
      endOrganisationUserSession({ organisationId, actor: "user:admin" }, stranger.id, session.id),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await isLiveSession(session.id, stranger.id)).toBe(true);
  });
});
