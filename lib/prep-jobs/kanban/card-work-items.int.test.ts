// The card drawer's work items: added, moved and decided by staff whose board offers the job's prep
// site (another site's job is not found, as for notes), the approval right as lib/recon rules it, and
// the drawer's details carrying the items in the site's currency.
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import type { UserRole } from "@/lib/generated/prisma/enums";
import { getKanbanCardDetails } from "@/lib/prep-jobs/kanban/card-details";
import {
  addCardWorkItem,
  decideCardEstimate,
  moveCardWorkItem,
  type CardStaff,
} from "@/lib/prep-jobs/kanban/card-work-items";
import { reconActorOfStaff } from "@/lib/recon/recon-actor";
import { saveReconSiteSettings } from "@/lib/recon/recon-settings";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { createPrepJob, createSite, createUser } from "@/prisma/factories";

const database = setupTestDatabase();

let tenant: Tenant;
let prep: CardStaff;
let manager: CardStaff;
let jobHere: { id: string };
let jobElsewhere: { id: string };

async function staffOf(role: UserRole, prepSiteIds: string[] = []): Promise<CardStaff> {
  const organisationId = tenant.organisation.id;
  const user = await createUser(database.prisma, { organisationId, role, prepSiteIds });
  return {
    user: { id: user.id, organisationId, role },
    recon: reconActorOfStaff({ organisationId, actor: `user:${user.email}`, user: { role } }),
  };
}

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  const organisationId = tenant.organisation.id;
  const [here, elsewhere] = await Promise.all(
    ["Here", "Elsewhere"].map((name) =>
      createSite(database.prisma, { organisationId, name: `Prep ${name}`, isPrepSite: true }),
    ),
  );
  await saveReconSiteSettings({ organisationId, actor: "user:admin@example.test" }, here!.id, {
    labourRateCents: 6_000,
    currency: "GBP",
    autoApproveBelowCents: 10_000,
    outboundWithOpenItems: "WARN_AND_RECORD",
  });
  const job = (prepSiteId: string) =>
    createPrepJob(database.prisma, { organisationId, profileId: tenant.profile.id, prepSiteId });
  [jobHere, jobElsewhere] = [await job(here!.id), await job(elsewhere!.id)];
  prep = await staffOf("PREP_STAFF", [here!.id]);
  manager = await staffOf("RECON_MANAGER");
});

const brakes = {
  category: "MECHANICAL" as const,
  description: "Front discs and pads",
  estimate: [
    { kind: "PARTS" as const, description: "Discs and pads", amountCents: 18_500 },
    { kind: "LABOUR" as const, description: "Fit", hours: 1.5 },
  ],
};

describe("the card drawer's work items", () => {
  it("adds an item, sends it for approval, and only an approver decides it", async () => {
    const item = await addCardWorkItem(prep, jobHere.id, brakes);
    expect(item).toMatchObject({ state: "PROPOSED", estimatedCents: 18_500 + 9_000, currency: "GBP" });
    const ref = { prepJobId: jobHere.id, itemId: item.id };
    const sent = await moveCardWorkItem(prep, ref, { to: "AWAITING_APPROVAL", version: item.version });
    expect(sent.state).toBe("AWAITING_APPROVAL");
    await expect(moveCardWorkItem(prep, ref, { to: "APPROVED" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(decideCardEstimate(prep, jobHere.id, "APPROVED")).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const decided = await decideCardEstimate(manager, jobHere.id, "APPROVED");
    expect(decided.map((each) => [each.id, each.state])).toEqual([[item.id, "APPROVED"]]);

    const details = await getKanbanCardDetails(prep.user, jobHere.id);
    expect(details.recon.currency).toBe("GBP");
    expect(details.recon.items.map((each) => each.state)).toEqual(["APPROVED"]);
  });

  it("refuses a stale version: a drawer open on two tablets cannot move an item twice", async () => {
    const item = await addCardWorkItem(prep, jobHere.id, brakes);
    const ref = { prepJobId: jobHere.id, itemId: item.id };
    await moveCardWorkItem(prep, ref, { to: "AWAITING_APPROVAL", version: item.version });
    await expect(
      moveCardWorkItem(manager, ref, { to: "APPROVED", version: item.version }),
    ).rejects.toMatchObject({ code: "VERSION_CONFLICT" });
  });

  it("finds no job of a prep site the user does not work at", async () => {
    for (const attempt of [
      () => addCardWorkItem(prep, jobElsewhere.id, brakes),
      () => moveCardWorkItem(prep, { prepJobId: jobElsewhere.id, itemId: "x" }, { to: "IN_PROGRESS" }),
      () => decideCardEstimate(prep, jobElsewhere.id, "DECLINED"),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "PREP_JOB_NOT_FOUND" });
    }
    // A manager assigned to no site sees every prep site of the organisation.
    expect(await decideCardEstimate(manager, jobElsewhere.id, "DECLINED")).toEqual([]);
  });
});
