// A proof of collection or delivery, recorded through a job link (POST /jobs/{token}/proofs) once its
// photos are uploaded. It is recorded before the collected/delivered action (the phone's queue sends
// it first), so the action's webhook can carry its links. Idempotent by the phone's key, as the job
// actions are: the same key and body answer the proof already recorded and change nothing; another
// body is 409. One proof per leg and kind; the organisation's minimum photo set is checked here too
// (the phone is not trusted to have checked it).
import "server-only";
import { createHash } from "node:crypto";
import { kysely, sql, transaction } from "@/lib/db";
import { AppError, type FieldError } from "@/lib/errors/app-error";
import { carrierActor } from "@/lib/carrier-jobs/act-on-job";
import { legFor } from "@/lib/carrier-jobs/job-link-standing";
import type { ResolvedJobLink } from "@/lib/carrier-jobs/resolve-job-link";
import { newId } from "@/lib/ids";
import { legConflict } from "@/lib/movement-requests/operations/legs";
import { PHOTO_SLOT_LABEL, requiredSlotsOf, type RequirablePhotoSlot } from "@/lib/proofs/photo-slots";
import type { ProofBody } from "@/lib/proofs/schemas";

export type RecordedProof = {
  proofId: string;
  kind: ProofBody["kind"];
  legNumber: number;
  replayed: boolean;
};

export async function recordProof(resolved: ResolvedJobLink, body: ProofBody): Promise<RecordedProof> {
  const { link, standingRequest } = resolved;
  const { idempotencyKey, ...content } = body;
  const requestHash = createHash("sha256").update(JSON.stringify(content)).digest("hex");
  const earlier = await replayOf(link.id, idempotencyKey, requestHash);
  if (earlier) return earlier;

  const leg = legFor(body.kind === "collection" ? "collected" : "delivered", link, standingRequest);
  if (!leg) throw legConflict(`This job has no ${body.kind} to record now.`);
  const kind = body.kind === "collection" ? "COLLECTION" : "DELIVERY";
  const recorded = await kysely()
    .selectFrom("Proof")
    .select("id")
    .where("movementRequestId", "=", link.movementRequestId)
    .where("legNumber", "=", leg.legNumber)
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (recorded) throw legConflict(`The ${body.kind} of leg ${leg.legNumber} already has its proof.`);
  const organisation = await kysely()
    .selectFrom("Organisation")
    .select("proofPhotoSlots")
    .where("id", "=", link.organisationId)
    .executeTakeFirstOrThrow();
  assertMinimumSet(body, requiredSlotsOf(organisation.proofPhotoSlots));
  const slotOf = photoSlots(body);
  const photos = await kysely()
    .selectFrom("ProofPhoto")
    .select(["id", "clientId", "proofId"])
    .where("jobLinkId", "=", link.id)
    .where("clientId", "in", [...slotOf.keys()])
    .execute();
  const missing = [...slotOf.keys()].filter(
    (id) => !photos.some((photo) => photo.clientId === id && !photo.proofId),
  );
  if (missing.length > 0) {
    throw new AppError(
      "VALIDATION_ERROR",
      "Some photos were not uploaded first (or belong to another proof).",
      {
        errors: missing.map((id) => ({ path: "photos", message: `Photo ${id} was not uploaded.` })),
      },
    );
  }
  const damage = body.damage.map((item) => ({
    panel: item.panel,
    note: item.note,
    photoId: photos.find((photo) => photo.clientId === item.photoId)?.id ?? null,
  }));
  const id = newId();
  try {
    await transaction(async (trx) => {
      await trx
        .insertInto("Proof")
        .values({
          id,
          organisationId: link.organisationId,
          movementRequestId: link.movementRequestId,
          legNumber: leg.legNumber,
          kind,
          jobLinkId: link.id,
          idempotencyKey,
          requestHash,
          recordedBy: carrierActor(link),
          odometer: body.odometer ?? null,
          personName: body.personName,
          recordedAt: new Date(body.recordedAt),
          latitude: body.position?.latitude ?? null,
          longitude: body.position?.longitude ?? null,
          accuracyMetres: body.position?.accuracyMetres ?? null,
          positionProblem: body.position ? null : (body.positionProblem ?? null),
          damage: sql`${JSON.stringify(damage)}::jsonb`,
        })
        .execute();
      for (const photo of photos) {
        await trx
          .updateTable("ProofPhoto")
          .set({ proofId: id, slot: slotOf.get(photo.clientId) })
          .where("id", "=", photo.id)
          .execute();
      }
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent retry with the same key won (replay it), or this leg already has its proof.
    const raced = await replayOf(link.id, idempotencyKey, requestHash);
    if (raced) return raced;
    throw legConflict(`The ${body.kind} of leg ${leg.legNumber} already has its proof.`);
  }
  return { proofId: id, kind: body.kind, legNumber: leg.legNumber, replayed: false };
}

async function replayOf(
  jobLinkId: string,
  idempotencyKey: string,
  requestHash: string,
): Promise<RecordedProof | null> {
  const existing = await kysely()
    .selectFrom("Proof")
    .select(["id", "kind", "legNumber", "requestHash"])
    .where("jobLinkId", "=", jobLinkId)
    .where("idempotencyKey", "=", idempotencyKey)
    .executeTakeFirst();
  if (!existing) return null;
  if (existing.requestHash !== requestHash) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "This idempotency key was already used for another proof. Use a new key for a new proof.",
    );
  }
  const kind = existing.kind === "COLLECTION" ? "collection" : "delivery";
  return { proofId: existing.id, kind, legNumber: existing.legNumber, replayed: true };
}

function assertMinimumSet(body: ProofBody, required: readonly RequirablePhotoSlot[]): void {
  const taken = new Set<string>(body.photos.map((photo) => photo.slot));
  const errors: FieldError[] = required
    .filter((slot) => !taken.has(slot))
    .map((slot) => ({ path: "photos", message: `${PHOTO_SLOT_LABEL[slot]} photo is required.` }));
  if (errors.length > 0) {
    throw new AppError("VALIDATION_ERROR", "The organisation's minimum set of photos is not complete.", {
      errors,
    });
  }
}

/** Every photo the body names, by the phone's id, with its slot; one photo is in one slot only. */
function photoSlots(body: ProofBody): Map<string, string> {
  const named: [string, string][] = [
    ...body.photos.map((photo): [string, string] => [photo.photoId, photo.slot]),
    ...body.damage.flatMap((item): [string, string][] => (item.photoId ? [[item.photoId, "damage"]] : [])),
    [body.signaturePhotoId, "signature"],
  ];
  const slots = new Map(named);
  if (slots.size !== named.length) {
    throw new AppError("VALIDATION_ERROR", "A photo is named twice; each photo belongs to one slot.");
  }
  return slots;
}

/** PostgreSQL's unique_violation. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "23505";
}
