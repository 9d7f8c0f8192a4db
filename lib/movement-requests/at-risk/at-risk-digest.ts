// The dispatchers' e-mail digest of requests at risk (issue 17): at most one an hour per organisation,
// and only when a request entered or left "at risk" since the last one. Written by the at-risk pass, in
// its transaction (so under its lock: two workers never both send it), into the e-mail outbox.
import { sql, type Kdb } from "@/lib/db";
import { publicBaseUrl } from "@/lib/env";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";

export const DIGEST_EVERY_MS = 60 * 60_000;
const LISTED_MAX = 50;

/** The organisations whose flags changed since their last digest, and whose last one is an hour old. */
async function organisationsDue(trx: Kdb, now: Date, flipEvents: readonly string[]): Promise<string[]> {
  const hourAgo = new Date(now.getTime() - DIGEST_EVERY_MS);
  const { rows } = await sql<{ organisationId: string }>`
    WITH last_digest AS (
      SELECT "organisationId", max("createdAt") AS "sentAt" FROM "EmailMessage"
      WHERE "kind" = 'at_risk_digest' GROUP BY "organisationId"
    )
    SELECT DISTINCT e."organisationId" FROM "Event" e
    LEFT JOIN last_digest d ON d."organisationId" = e."organisationId"
    WHERE e."type" IN (${sql.join([...flipEvents])})
      AND e."occurredAt" > COALESCE(d."sentAt", '-infinity'::timestamp)
      AND COALESCE(d."sentAt", '-infinity'::timestamp) <= ${hourAgo.toISOString()}::timestamp(3)
  `.execute(trx);
  return rows.map((row) => row.organisationId);
}

export async function sendAtRiskDigests(trx: Kdb, now: Date, flipEvents: readonly string[]): Promise<number> {
  let sent = 0;
  for (const organisationId of await organisationsDue(trx, now, flipEvents)) {
    const dispatchers = await trx
      .selectFrom("User")
      .select("email")
      .where("organisationId", "=", organisationId)
      .where("role", "=", "DISPATCHER")
      .execute();
    if (dispatchers.length === 0) continue;
    const atRisk = await trx
      .selectFrom("MovementRequest as r")
      .innerJoin("Site as o", "o.id", "r.originSiteId")
      .innerJoin("Site as d", "d.id", "r.destinationSiteId")
      .select(["r.vrm", "r.vin", "r.make", "r.model", "r.deliveryByDate", "r.expectedArrivalAt"])
      .select(["o.name as origin", "d.name as destination"])
      .where("r.organisationId", "=", organisationId)
      .where("r.atRiskSince", "is not", null)
      .orderBy("r.deliveryByDate")
      .limit(LISTED_MAX + 1)
      .execute();
    const lines = atRisk.slice(0, LISTED_MAX).map((request) => {
      const vehicle = [request.vrm ?? request.vin, request.make, request.model].filter(Boolean).join(" ");
      const expected = request.expectedArrivalAt
        ? `, expected ${request.expectedArrivalAt.toISOString().slice(0, 16).replace("T", " ")} UTC`
        : "";
      return `- ${vehicle}: ${request.origin} → ${request.destination}, due ${request.deliveryByDate.toISOString().slice(0, 10)}${expected}`;
    });
    if (atRisk.length > LISTED_MAX) lines.push(`- and more`);
    const subject =
      atRisk.length === 0
        ? "At risk: every movement is back on track"
        : `At risk: ${atRisk.length > LISTED_MAX ? `${LISTED_MAX}+` : atRisk.length} movement${atRisk.length === 1 ? "" : "s"} may miss their deadline`;
    const text = [
      atRisk.length === 0
        ? "No movement request is at risk of missing its deadline any more."
        : "These movement requests are expected to arrive after their deadline if things go as usual:",
      ...lines,
      "",
      `The board, filtered: ${publicBaseUrl()}/board?atRisk=1`,
      "You get this digest at most once an hour, when something changed.",
    ].join("\n");
    for (const { email } of dispatchers) {
      await enqueueEmail(trx, { organisationId, kind: "at_risk_digest", to: email, subject, text, at: now });
    }
    sent += 1;
  }
  return sent;
}
