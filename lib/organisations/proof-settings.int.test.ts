// The organisation's proof settings screen's action against a real database: an admin saves the
// minimum photo set, the tracking-page switch and the dispatch number of its own organisation (another is untouched); a
// dispatcher or a carrier is refused; unknown or repeated slots are refused with nothing saved.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { saveProofSettingsAction } from "@/app/(staff)/settings/proofs/actions";
import { startUserSession } from "@/lib/auth/user-sessions";
import { getProofSettings } from "@/lib/organisations/proof-settings";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createUser } from "@/prisma/factories";

const session = vi.hoisted(() => ({ current: null as { user: { id: string }; sessionId: string } | null }));
vi.mock("@/lib/auth/staff-auth", () => ({ auth: async () => session.current }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const database = setupTestDatabase();
let a: MovementWorld;
let b: MovementWorld;

async function signInAs(organisationId: string, role: "ADMIN" | "DISPATCHER") {
  const user = await createUser(database.prisma, { organisationId, role });
  const started = await startUserSession({ userId: user.id, userAgent: null, ipAddress: null });
  session.current = { user: { id: user.id }, sessionId: started.id };
}

beforeAll(async () => {
  a = await createMovementWorld(database.prisma);
  b = await createMovementWorld(database.prisma);
});

describe("proof settings", () => {
  it("an admin saves its own organisation's minimum set (in the slots' order) and the tracking switch", async () => {
    const before = await getProofSettings(b.organisation.id);
    await signInAs(a.organisation.id, "ADMIN");
    const result = await saveProofSettingsAction({
      photoSlots: ["odometer", "front", "keys"],
      onTrackingPage: true,
      dispatchPhone: " +441614960000 ",
    });
    expect(result.ok).toBe(true);
    expect(await getProofSettings(a.organisation.id)).toEqual({
      photoSlots: ["front", "odometer", "keys"],
      onTrackingPage: true,
      dispatchPhone: "+441614960000",
    });
    // Empty clears the number.
    const cleared = { photoSlots: ["front"], onTrackingPage: true, dispatchPhone: "" };
    expect((await saveProofSettingsAction(cleared)).ok).toBe(true);
    expect((await getProofSettings(a.organisation.id)).dispatchPhone).toBeNull();
    expect(await getProofSettings(b.organisation.id)).toEqual(before);
  });

  it("refuses unknown and repeated slots, and changes nothing", async () => {
    await signInAs(a.organisation.id, "ADMIN");
    const before = await getProofSettings(a.organisation.id);
    for (const photoSlots of [["signature"], ["front", "front"], ["../etc"]]) {
      const result = await saveProofSettingsAction({ photoSlots, onTrackingPage: false, dispatchPhone: "" });
      expect(result.ok, JSON.stringify(photoSlots)).toBe(false);
    }
    expect(
      (await saveProofSettingsAction({ photoSlots: [], onTrackingPage: "yes", dispatchPhone: "" })).ok,
    ).toBe(false);
    // A dispatch number not in international form.
    for (const dispatchPhone of ["0161 496 0000", "+44 161 496 0000", "+0161", "call us"]) {
      const result = await saveProofSettingsAction({ photoSlots: [], onTrackingPage: false, dispatchPhone });
      expect(result.ok, dispatchPhone).toBe(false);
    }
    expect(await getProofSettings(a.organisation.id)).toEqual(before);
  });

  // forbidden() (403), or notFound() where authInterrupts is off in tests (as carrier-access.int.test.ts).
  it("refuses a dispatcher (not an organisation setting of theirs)", async () => {
    await signInAs(a.organisation.id, "DISPATCHER");
    const before = await getProofSettings(a.organisation.id);
    await expect(saveProofSettingsAction({ photoSlots: [], onTrackingPage: false })).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_HTTP_ERROR_FALLBACK;40[34]$/),
    });
    expect(await getProofSettings(a.organisation.id)).toEqual(before);
  });
});
