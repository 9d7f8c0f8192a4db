// What the kanban's card drawer shows of one prep job: its notes (newest first) and the vehicle's
// history — the job's stage changes (its events) and the status changes of its inbound and outbound
// movement requests, each linked to the movement board. And adding a note. Only staff whose board
// offers the job's prep site (prepSitesForUser) see or write anything; others get PREP_JOB_NOT_FOUND.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { PrepJobStage, PrepJobSubstage } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { STATUS_LABEL } from "@/lib/movement-requests/status-labels";
import { positionLabel } from "@/lib/prep-jobs/kanban/board";
import { prepSitesForUser, type KanbanUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";

export type KanbanNote = { id: string; body: string; author: string; createdAt: string };

export type KanbanHistoryEntry = {
  id: string;
  at: string;
  kind: "stage" | "movement";
  text: string;
  /** The movement board with the request's detail open. */
  href: string | null;
};

export type KanbanCardDetails = { notes: KanbanNote[]; history: KanbanHistoryEntry[] };

const HISTORY_LIMIT = 100;

export const addKanbanNoteInput = z.strictObject({
  prepJobId: z.string().min(1).max(64),
  body: z.string().trim().min(1, "Write a note first").max(2_000, "Keep a note under 2,000 characters"),
});

async function jobOfUserOrThrow(user: KanbanUser, prepJobId: string) {
  const job = await db().prepJob.findFirst({
    where: { id: prepJobId, organisationId: user.organisationId },
    select: { id: true, prepSiteId: true },
  });
  const sites = await prepSitesForUser(user);
  if (!job || !sites.some((site) => site.id === job.prepSiteId)) {
    throw new AppError("PREP_JOB_NOT_FOUND", `No prep job ${prepJobId} was found.`);
  }
  return job;
}

type StagePayload = { stage?: PrepJobStage; substage?: PrepJobSubstage | null; actor?: string };

export async function getKanbanCardDetails(user: KanbanUser, prepJobId: string): Promise<KanbanCardDetails> {
  const job = await jobOfUserOrThrow(user, prepJobId);
  const [notes, events, requests] = await Promise.all([
    db().prepJobNote.findMany({
      where: { prepJobId: job.id, organisationId: user.organisationId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: HISTORY_LIMIT,
    }),
    db().event.findMany({
      where: {
        organisationId: user.organisationId,
        resourceType: "prep_job",
        resourceId: job.id,
        type: { in: ["prep_job.created", "prep_job.stage_changed"] },
      },
      orderBy: { sequence: "desc" },
      take: HISTORY_LIMIT,
      select: { id: true, type: true, occurredAt: true, payload: true },
    }),
    db().movementRequest.findMany({
      where: { organisationId: user.organisationId, prepJobId: job.id },
      select: {
        id: true,
        prepJobDirection: true,
        statusChanges: { orderBy: { occurredAt: "desc" }, take: HISTORY_LIMIT },
      },
    }),
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
  const movementEntries = requests.flatMap((request) =>
    request.statusChanges.map((change): KanbanHistoryEntry => ({
      id: change.id,
      at: change.occurredAt.toISOString(),
      kind: "movement",
      text: `${request.prepJobDirection === "OUTBOUND" ? "Outbound" : "Inbound"} movement: ${STATUS_LABEL[change.toStatus]}`,
      href: `/board?open=${encodeURIComponent(request.id)}`,
    })),
  );
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
  };
}

export async function addKanbanNote(
  staff: { user: KanbanUser; author: string },
  input: z.infer<typeof addKanbanNoteInput>,
): Promise<KanbanNote> {
  const job = await jobOfUserOrThrow(staff.user, input.prepJobId);
  const note = await db().prepJobNote.create({
    data: {
      id: newId(),
      organisationId: staff.user.organisationId,
      prepJobId: job.id,
      body: input.body,
      author: staff.author,
    },
  });
  return { id: note.id, body: note.body, author: note.author, createdAt: note.createdAt.toISOString() };
}
