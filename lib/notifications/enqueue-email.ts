// The e-mail outbox: a message is written in the transaction that causes it and sent by the worker.
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";

export type EmailKind = "tracking" | "delivered" | "aborted" | "endpoint_disabled";

export async function enqueueEmail(
  tx: Prisma.TransactionClient,
  email: { organisationId: string; kind: EmailKind; to: string; subject: string; text: string },
): Promise<void> {
  await tx.emailMessage.create({ data: { id: newId(), ...email } });
}
