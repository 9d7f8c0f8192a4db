// A customer's contact (name, e-mail, phone) and the messages written to it are personal data kept only
// for the messages: once the request is finished (delivered, aborted or cancelled) for
// CUSTOMER_CONTACT_RETENTION_DAYS, they go. Opt-outs stay: honouring them is their purpose. Run by the
// worker's maintenance tick, a bounded batch of requests per statement.
import { transaction } from "@/lib/db";
import { env } from "@/lib/env";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

const DAY_MS = 24 * 60 * 60 * 1000;
const REQUESTS_PER_BATCH = 500;

export async function purgeFinishedCustomers(
  now: Date = new Date(),
  options: { retentionDays?: number; requestsPerBatch?: number } = {},
): Promise<{ customers: number; messages: number }> {
  const perBatch = options.requestsPerBatch ?? REQUESTS_PER_BATCH;
  const days = options.retentionDays ?? env().CUSTOMER_CONTACT_RETENTION_DAYS;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const purged = { customers: 0, messages: 0 };
  for (;;) {
    const batch = await transaction(async (tx) => {
      // A finished request changes no more: its updatedAt is when it finished.
      const finished = await tx
        .selectFrom("MovementCustomer as c")
        .innerJoin("MovementRequest as r", "r.id", "c.movementRequestId")
        .select("c.movementRequestId")
        .where("r.status", "in", TERMINAL_STATUSES)
        .where("r.updatedAt", "<", cutoff)
        .limit(perBatch)
        .forUpdate("c")
        .skipLocked()
        .execute();
      const ids = finished.map((row) => row.movementRequestId);
      if (ids.length === 0) return { customers: 0, messages: 0 };
      const messages = await tx
        .deleteFrom("CustomerMessage")
        .where("movementRequestId", "in", ids)
        .executeTakeFirst();
      await tx.deleteFrom("MovementCustomer").where("movementRequestId", "in", ids).execute();
      return { customers: ids.length, messages: Number(messages.numDeletedRows) };
    });
    purged.customers += batch.customers;
    purged.messages += batch.messages;
    if (batch.customers < perBatch) return purged;
  }
}
