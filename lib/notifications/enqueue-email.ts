// The e-mail outbox: a message is written in the transaction that causes it and sent by the worker.
import { sqlTimestamp } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";

export type EmailKind = "tracking" | "delivered" | "aborted" | "endpoint_disabled";

export async function enqueueEmail(
  tx: Prisma.TransactionClient,
  email: { organisationId: string; kind: EmailKind; to: string; subject: string; text: string },
): Promise<void> {
  // Raw: every tracked create writes one, and ORM queries cost ~1 ms of CPU each to compile.
  const now = sqlTimestamp(new Date());
  await tx.$executeRaw`
    INSERT INTO "EmailMessage" ("id", "organisationId", "kind", "to", "subject", "text", "nextAttemptAt", "createdAt")
    VALUES (${newId()}, ${email.organisationId}, ${email.kind}, ${email.to}, ${email.subject}, ${email.text},
      ${now}, ${now})`;
}
