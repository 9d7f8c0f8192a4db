// What the kanban's card drawer shows of one prep job: its notes (newest first), the vehicle's
// history — the job's stage changes (its events) and the status changes of its inbound and outbound
// movement requests, each linked to the movement board — and its work items with the prep site's recon
// currency (issue 37). And adding a note. Only staff whose board
// offers the job's prep site (prepSitesForUser) see or write anything; others get PREP_JOB_NOT_FOUND.
import "server-only";
import { z } from "zod";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { PrepJobStage, PrepJobSubstage } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { STATUS_LABEL } from "@/lib/movement-requests/status-labels";
import { positionLabel } from "@/lib/prep-jobs/kanban/board";
import { prepSitesForUser, type KanbanUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";
import { checklistOf } from "@/lib/recon/inspection-checklist";
import type { InspectionCheck, InspectionSummary } from "@/lib/recon/inspection-schemas";
import { latestInspection } from "@/lib/recon/record-inspection";
import { reconSettingsFor } from "@/lib/recon/recon-settings";
import type { WorkItemResponse } from "@/lib/recon/schemas";
import { readWorkItems } from "@/lib/recon/work-item-view";

export type KanbanNote = { id: string; body: string; author: string; createdAt: string };

export type KanbanHistoryEntry = {
  id: string;
  at: string;
  kind: "stage" | "movement";
  text: string;
  /** The movement board with the request's detail open. */
  href: string | null;
};

/**
 * The job's work items, oldest first, and the currency a new item is estimated in (the site's); its
 * site's inspection checklist and latest inspection; where an admin edits the checklist (null: others).
 */
export type KanbanCardRecon = {
  currency: string;
  items: WorkItemResponse[];
  checklist: InspectionCheck[];
  lastInspection: InspectionSummary | null;
  checklistSettingsHref: string | null;
};

export type KanbanCardDetails = {
  notes: KanbanNote[];
  history: KanbanHistoryEntry[];
  recon: KanbanCardRecon;
};

const HISTORY_LIMIT = 100;

export const addKanbanNoteInput = z.strictObject({
  prepJobId: z.string().min(1).max(64),
  body: z.string().trim().min(1, "Write a note first").max(2_000, "Keep a note under 2,000 characters"),
});

/** The job, if the user's board offers its prep site; else PREP_JOB_NOT_FOUND (whoever's it is). */
export async function jobOfUserOrThrow(user: KanbanUser, prepJobId: string) {
  const job = await kysely()
    .selectFrom("PrepJob")
    .select(["id", "prepSiteId"])
    .where("id", "=", prepJobId)
    .where("organisationId", "=", user.organisationId)
    .executeTakeFirst();
  const sites = await prepSitesForUser(user);
  if (!job || !sites.some((site) => site.id === job.prepSiteId)) {
    throw new AppError("PREP_JOB_NOT_FOUND", `No prep job ${prepJobId} was found.`);
  }
  return job;
}

type StagePayload = { stage?: PrepJobStage; substage?: PrepJobSubstage | null; actor?: string };

export async function getKanbanCardDetails(user: KanbanUser, prepJobId: string): Promise<KanbanCardDetails> {
  const job = await jobOfUserOrThrow(user, prepJobId);
  const kdb = kysely();
  const [notes, events, changes, items, settings, checklist, lastInspection] = await Promise.all([
    kdb
      .selectFrom("PrepJobNote")
      .select(["id", "body", "author", "createdAt"])
      .where("prepJobId", "=", job.id)
      .where("organisationId", "=", user.organisationId)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(HISTORY_LIMIT)
      .execute(),
    kdb
      .selectFrom("Event")
      .select(["id", "type", "occurredAt", "payload"])
      .where("organisationId", "=", user.organisationId)
      .where("resourceType", "=", "prep_job")
      .where("resourceId", "=", job.id)
      .where("type", "in", ["prep_job.created", "prep_job.stage_changed"])
      .orderBy("sequence", "desc")
      .limit(HISTORY_LIMIT)
      .execute(),
    // The status changes of the job's inbound and outbound movement requests, newest first.
    kdb
      .selectFrom("MovementRequest as request")
      .innerJoin("MovementRequestStatusChange as change", "change.movementRequestId", "request.id")
      .select([
        "change.id",
        "change.occurredAt",
        "change.toStatus",
        "request.id as requestId",
        "request.prepJobDirection",
      ])
      .where("request.organisationId", "=", user.organisationId)
      .where("request.prepJobId", "=", job.id)
      .orderBy("change.occurredAt", "desc")
      .orderBy("change.id", "desc")
      .limit(HISTORY_LIMIT)
      .execute(),
    readWorkItems(kdb, { prepJobId: job.id }),
    reconSettingsFor(kdb, user.organisationId, job.prepSiteId),
    job.prepSiteId ? checklistOf(kdb, user.organisationId, job.prepSiteId) : [],
    latestInspection(kdb, job.id),
  ]);
  const stageEntries = events.map((event): KanbanHistoryEntry => {
    const payload = event.payload as StagePayload;
    const position = payload.stage
      ? positionLabel({ stage: payload.stage, substage: payload.substage ?? null })
      : "";
    const by = payload.actor?.startsWith("user:") ? ` by ${payload.actor.slice(5)}` : "";
    return {
      id: event.id,
      at: event.occurredAt.toISOString(),
      kind: "stage",
      text: event.type === "prep_job.created" ? `Created in ${position}` : `Moved to ${position}${by}`,
      href: null,
    };
  });
  const movementEntries = changes.map((change): KanbanHistoryEntry => ({
    id: change.id,
    at: change.occurredAt.toISOString(),
    kind: "movement",
    text: `${change.prepJobDirection === "OUTBOUND" ? "Outbound" : "Inbound"} movement: ${STATUS_LABEL[change.toStatus]}`,
    href: `/board?open=${encodeURIComponent(change.requestId)}`,
  }));
  return {
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      author: note.author,
      createdAt: note.createdAt.toISOString(),
    })),
    history: [...stageEntries, ...movementEntries]
      .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
      .slice(0, HISTORY_LIMIT),
    recon: {
      currency: settings.currency,
      items,
      checklist,
      lastInspection,
      // The site's settings page is for administrators only.
      checklistSettingsHref:
        job.prepSiteId && user.role === "ADMIN"
          ? `/prep-jobs/settings?site=${encodeURIComponent(job.prepSiteId)}`
          : null,
    },
  };
}

export async function addKanbanNote(
  staff: { user: KanbanUser; author: string },
  input: z.infer<typeof addKanbanNoteInput>,
): Promise<KanbanNote> {
  const job = await jobOfUserOrThrow(staff.user, input.prepJobId);
  const note = await kysely()
    .insertInto("PrepJobNote")
    .values({
      id: newId(),
      organisationId: staff.user.organisationId,
      prepJobId: job.id,
      body: input.body,
      author: staff.author,
    })
    .returning(["id", "body", "author", "createdAt"])
    .executeTakeFirstOrThrow();
  return { id: note.id, body: note.body, author: note.author, createdAt: note.createdAt.toISOString() };
}
