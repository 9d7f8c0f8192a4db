// Tracking, delivered and aborted e-mails (extensions section 7) go to requestedBy when it was given,
// else to the creator when the creator is a person (a staff user); a request created by an API key
// without requestedBy has no mailbox to write to, and the message is dropped.
import type { DB, Kdb, Selectable } from "@/lib/db";
import { formatDay, renderBrandedEmail } from "@/lib/notifications/branded-email";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";
import { trackingUrlOf } from "@/lib/schemas/tracking-url";

type Kind = "tracking" | "delivered" | "aborted";

type MovementRequest = Selectable<DB["MovementRequest"]>;

/** What the messages need of a request (a new one passes what it has just written). */
export type NotifiedRequest = Pick<
  MovementRequest,
  "id" | "organisationId" | "originSiteId" | "destinationSiteId" | "createdBy" | "trackingToken"
> &
  Partial<Pick<MovementRequest, "make" | "model" | "vrm" | "requestedBy" | "completedOn">>;

export async function notifyMovementRecipient(tx: Kdb, request: NotifiedRequest, kind: Kind): Promise<void> {
  const to = await recipientOf(tx, request);
  if (!to) return;
  const context = await tx
    .selectFrom("Organisation as o")
    .select((eb) => [
      "o.trackingEnabled",
      // The brand in the same read (getMailBrand's columns): this runs on every tracked create.
      "o.name",
      "o.brandLogoUrl as logoUrl",
      "o.brandColour as colour",
      "o.locale",
      eb.selectFrom("Site").select("city").where("id", "=", request.originSiteId).as("originCity"),
      eb.selectFrom("Site").select("city").where("id", "=", request.destinationSiteId).as("destinationCity"),
    ])
    .where("o.id", "=", request.organisationId)
    .executeTakeFirst();
  if (!context) throw new Error(`Organisation ${request.organisationId} does not exist`);
  const brand = context;
  const vehicle = [request.make, request.model].filter(Boolean).join(" ") || request.vrm || "The vehicle";
  const route = `from ${context.originCity ?? "its site"} to ${context.destinationCity ?? "its site"}`;
  const trackingUrl = trackingUrlOf({
    trackingToken: request.trackingToken,
    organisation: { trackingEnabled: context.trackingEnabled },
  });
  if (kind === "tracking" && !trackingUrl) return;
  const action = trackingUrl ? { label: "Follow it", url: trackingUrl } : undefined;
  const message = {
    tracking: {
      subject: `Track your vehicle movement ${route}`,
      content: {
        heading: "Your vehicle is being moved",
        paragraphs: [`${vehicle} is being moved ${route}.`],
      },
    },
    delivered: {
      subject: `Delivered: ${vehicle} ${route}`,
      content: {
        heading: "Delivered",
        paragraphs: [
          `${vehicle} was delivered${request.completedOn ? ` on ${formatDay(request.completedOn, brand.locale)}` : ""} (${route}).`,
        ],
      },
    },
    aborted: {
      subject: `Movement stopped: ${vehicle} ${route}`,
      content: {
        heading: "Movement stopped",
        paragraphs: [
          `The movement of ${vehicle} ${route} was stopped before delivery. The dispatch team will be in touch.`,
        ],
      },
    },
  }[kind];
  await enqueueEmail(tx, {
    organisationId: request.organisationId,
    kind,
    to,
    subject: message.subject,
    ...renderBrandedEmail(brand, { ...message.content, action }),
  });
}

async function recipientOf(tx: Kdb, request: NotifiedRequest): Promise<string | null> {
  if (request.requestedBy) return request.requestedBy;
  const created = await tx
    .selectFrom("MovementRequestStatusChange")
    .select("actor")
    .where("movementRequestId", "=", request.id)
    .orderBy("occurredAt")
    .limit(1)
    .executeTakeFirst();
  return created?.actor.startsWith("user:") ? request.createdBy : null;
}
