// Records attempts and their outcomes on the deliveries: any number of them in a single statement (one
// round trip, no interactive transaction holding a pooled connection), the worker's hot path. The worker
// batches the outcomes that finish together (attempt-batcher.ts).
import { kysely, sql, sqlTimestamp, transaction, type NotNull } from "@/lib/db";
import { newId } from "@/lib/ids";
import { countAttempts } from "@/lib/metrics/metrics";
import type { ClaimedDelivery } from "@/lib/webhooks/delivery/claim-due-deliveries";
import { disableFailingEndpoint } from "@/lib/webhooks/delivery/disable-failing-endpoint";
import type { PostOutcome } from "@/lib/webhooks/delivery/post-webhook";
import { disableAfterMs } from "@/lib/webhooks/delivery/retry-schedule";

export type FinishedAttempt = {
  delivery: ClaimedDelivery;
  number: number;
  attemptedAt: Date;
  outcome: PostOutcome;
  /** After a failure: when to try again; undefined once the schedule is exhausted (FAILED). */
  nextAttemptAt?: Date;
};

/** The text of one element of a timestamp(3)[] parameter (see sqlTimestamp in lib/db.ts). */
const utc = (date: Date) => date.toISOString();

/** One row per attempt, as the statement reads them from its array parameters. */
type InputRow = {
  id: string;
  organisationId: string;
  deliveryId: string;
  endpointId: string;
  attemptNumber: number;
  attemptedAt: Date;
  durationMs: number;
  responseStatus: number | null;
  responseBodyExcerpt: string | null;
  error: string | null;
  succeeded: boolean;
  nextAttemptAt: Date | null;
};

/**
 * The attempts; their deliveries finished, rescheduled or FAILED (only while this worker still holds the
 * claim: a lease that ran out belongs to someone else now); each endpoint's failingSince cleared by a
 * success or started by a failure (its latest attempt in the batch decides). Then the disabling check,
 * in a transaction, for an endpoint failing for WEBHOOK_DISABLE_AFTER.
 */
export async function recordAttempts(attempts: FinishedAttempt[], workerId: string): Promise<void> {
  if (attempts.length === 0) return;
  const now = new Date();
  const column = <T>(pick: (attempt: FinishedAttempt) => T) => attempts.map(pick);
  // The batch as rows: unnest of parallel arrays, one parameter per column (no builder in Kysely).
  const input = sql<InputRow>`unnest(
    ${column(() => newId())}::text[], ${column((a) => a.delivery.organisationId)}::text[],
    ${column((a) => a.delivery.id)}::text[],
    ${column((a) => a.delivery.endpointId)}::text[], ${column((a) => a.number)}::int[],
    ${column((a) => utc(a.attemptedAt))}::timestamp(3)[], ${column((a) => a.outcome.durationMs)}::int[],
    ${column((a) => a.outcome.status ?? null)}::int[], ${column((a) => a.outcome.bodyExcerpt ?? null)}::text[],
    ${column((a) => a.outcome.error ?? null)}::text[], ${column((a) => a.outcome.succeeded)}::boolean[],
    ${column((a) => (a.nextAttemptAt ? utc(a.nextAttemptAt) : null))}::timestamp(3)[]
  )`.as<"t">(sql`t(id, "organisationId", "deliveryId", "endpointId", "attemptNumber", "attemptedAt",
    "durationMs", "responseStatus", "responseBodyExcerpt", error, succeeded, "nextAttemptAt")`);
  const failing = await kysely()
    .with("input", (db) => db.selectFrom(input).selectAll())
    .with("attempt", (db) =>
      db
        .insertInto("WebhookAttempt")
        .columns([
          "id",
          "organisationId",
          "deliveryId",
          "endpointId",
          "attemptNumber",
          "attemptedAt",
          "durationMs",
          "responseStatus",
          "responseBodyExcerpt",
          "error",
          "succeeded",
        ])
        .expression(
          db
            .selectFrom("input")
            .select([
              "id",
              "organisationId",
              "deliveryId",
              "endpointId",
              "attemptNumber",
              "attemptedAt",
              "durationMs",
              "responseStatus",
              "responseBodyExcerpt",
              "error",
              "succeeded",
            ]),
        ),
    )
    .with("delivery", (db) =>
      db
        .updateTable("WebhookDelivery as d")
        .from("input as i")
        .set((eb) => ({
          attemptCount: eb.ref("i.attemptNumber"),
          lockedUntil: null,
          lockedBy: null,
          status: eb
            .case()
            .when(eb.ref("i.succeeded"))
            .then("SUCCEEDED" as const)
            .when("i.nextAttemptAt", "is", null)
            .then("FAILED" as const)
            .else(eb.ref("d.status"))
            .end(),
          succeededAt: eb
            .case()
            .when(eb.ref("i.succeeded"))
            .then(sqlTimestamp(now))
            .else(eb.ref("d.succeededAt"))
            .end(),
          nextAttemptAt: eb
            .case()
            .when(eb.ref("i.succeeded"))
            .then(eb.ref("d.nextAttemptAt"))
            .else(eb.fn.coalesce("i.nextAttemptAt", "d.nextAttemptAt"))
            .end(),
        }))
        .whereRef("d.id", "=", "i.deliveryId")
        .where("d.lockedBy", "=", workerId),
    )
    .with("latest", (db) =>
      db
        .selectFrom("input")
        .distinctOn("endpointId")
        .select(["endpointId", "succeeded"])
        .orderBy("endpointId")
        .orderBy("attemptedAt", "desc")
        .orderBy("durationMs", "desc"),
    )
    .with("changed", (db) =>
      db
        .updateTable("WebhookEndpoint as e")
        .from("latest as l")
        .set((eb) => ({
          failingSince: eb.case().when(eb.ref("l.succeeded")).then(null).else(sqlTimestamp(now)).end(),
          updatedAt: sqlTimestamp(now),
        }))
        .whereRef("e.id", "=", "l.endpointId")
        .where((eb) =>
          eb(eb.parens("e.failingSince", "is", null), "=", eb.parens(eb.not(eb.ref("l.succeeded")))),
        )
        .returning(["e.id", "e.failingSince"]),
    )
    .selectFrom("WebhookEndpoint as e")
    .innerJoin("latest as l", (join) =>
      join.onRef("l.endpointId", "=", "e.id").on((eb) => eb.not(eb.ref("l.succeeded"))),
    )
    .leftJoin("changed as c", "c.id", "e.id")
    .select((eb) => [
      "e.id as endpointId",
      eb.fn.coalesce("c.failingSince", "e.failingSince").as("failingSince"),
    ])
    .$narrowType<{ failingSince: NotNull }>()
    .execute();
  countAttempts(attempts);

  for (const { endpointId, failingSince } of failing) {
    if (now.getTime() - failingSince.getTime() < disableAfterMs()) continue;
    const scheduleExhausted = attempts.some(
      (a) => a.delivery.endpointId === endpointId && !a.outcome.succeeded && !a.nextAttemptAt,
    );
    await transaction(async (trx) => {
      const current = await trx
        .selectFrom("WebhookEndpoint")
        .select(["id", "url", "profileId"])
        .where("id", "=", endpointId)
        .executeTakeFirstOrThrow();
      await disableFailingEndpoint(trx, current, { failingSince, now, scheduleExhausted });
    });
  }
}
