// Tracking, delivered and aborted e-mails (extensions section 7) go to requestedBy when it was given,
// else to the creator when the creator is a person (a staff user); a request created by an API key
// without requestedBy has no mailbox to write to, and the message is dropped.
import { toDateOnly } from "@/lib/dates";
import type { MovementRequest, Prisma } from "@/lib/generated/prisma/client";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";
import { trackingUrlOf } from "@/lib/movement-requests/to-movement-request-response";

type Kind = "tracking" | "delivered" | "aborted";

export async function notifyMovementRecipient(
  tx: Prisma.TransactionClient,
  request: MovementRequest,
  kind: Kind,
): Promise<void> {
  const to = await recipientOf(tx, request);
  if (!to) return;
  const sites = await tx.site.findMany({
    where: { id: { in: [request.originSiteId, request.destinationSiteId] } },
    select: { id: true, city: true },
  });
  const town = (id: string) => sites.find((site) => site.id === id)?.city ?? "its site";
  const vehicle = [request.make, request.model].filter(Boolean).join(" ") || request.vrm || "The vehicle";
  const route = `from ${town(request.originSiteId)} to ${town(request.destinationSiteId)}`;
  const organisation = await tx.organisation.findUniqueOrThrow({ where: { id: request.organisationId } });
  const trackingUrl = trackingUrlOf({ trackingToken: request.trackingToken, organisation });

  if (kind === "tracking") {
    if (!trackingUrl) return;
    await enqueueEmail(tx, {
      organisationId: request.organisationId,
      kind,
      to,
      subject: `Track your vehicle movement ${route}`,
      text: `${vehicle} is being moved ${route}.\n\nFollow it here: ${trackingUrl}\n`,
    });
    return;
  }
  const subject =
    kind === "delivered" ? `Delivered: ${vehicle} ${route}` : `Movement stopped: ${vehicle} ${route}`;
  const text =
    kind === "delivered"
      ? `${vehicle} was delivered${request.completedOn ? ` on ${toDateOnly(request.completedOn)}` : ""} (${route}).`
      : `The movement of ${vehicle} ${route} was stopped before delivery. The dispatch team will be in touch.`;
  await enqueueEmail(tx, {
    organisationId: request.organisationId,
    kind,
    to,
    subject,
    text: trackingUrl ? `${text}\n\n${trackingUrl}\n` : `${text}\n`,
  });
}

async function recipientOf(tx: Prisma.TransactionClient, request: MovementRequest): Promise<string | null> {
  if (request.requestedBy) return request.requestedBy;
  const created = await tx.movementRequestStatusChange.findFirst({
    where: { movementRequestId: request.id },
    orderBy: { occurredAt: "asc" },
    select: { actor: true },
  });
  return created?.actor.startsWith("user:") ? request.createdBy : null;
}
