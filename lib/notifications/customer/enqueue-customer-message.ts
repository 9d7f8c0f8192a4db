// A customer message ("on its way", "running late", "arriving", "delivered"; docs/notifications.md),
// written to the outbox in the caller's transaction, so that it exists if and only if the change that
// caused it committed. One per request, kind and channel (and occasion): a second call is a no-op.
// Nothing is written when the request has no customer, the organisation does not send this kind, or the
// address opted out; a message due in quiet hours waits for their end, except "arriving", which is
// dropped (it would be wrong by then).
import type { Kdb } from "@/lib/db";
import { publicBaseUrl } from "@/lib/env";
import type { CustomerChannel, CustomerMessageKind } from "@/lib/generated/prisma/enums";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { newId } from "@/lib/ids";
import { trackingUrlOf } from "@/lib/schemas/tracking-url";
import { renderBrandedEmail, type EmailContent } from "@/lib/notifications/branded-email";
import { customerMessageWords } from "@/lib/notifications/customer/customer-message-words";
import { customerMessageKindsColumn } from "@/lib/notifications/customer/message-kinds-column";
import { endOfQuietHours } from "@/lib/notifications/quiet-hours";
import { dateTimeFormat } from "@/lib/intl-formats";

export type EstimatedWindow = { earliest: Date; latest: Date };

export type CustomerMessageInput = {
  movementRequestId: string;
  kind: CustomerMessageKind;
  /** The arrival window, where known ("on its way", "running late"). */
  eta?: EstimatedWindow | null;
  /** Tells apart repeated messages of one kind (e.g. each "running late"): the window's end, say. */
  occasion?: string;
  now?: Date;
};

export async function enqueueCustomerMessage(tx: Kdb, input: CustomerMessageInput): Promise<number> {
  const now = input.now ?? new Date();
  const context = await tx
    .selectFrom("MovementRequest as r")
    .innerJoin("MovementCustomer as c", "c.movementRequestId", "r.id")
    .innerJoin("Organisation as o", "o.id", "r.organisationId")
    .innerJoin("Site as d", "d.id", "r.destinationSiteId")
    .select([
      "r.organisationId",
      "r.make",
      "r.model",
      "r.vrm",
      "r.trackingToken",
      "c.name as customerName",
      "c.email",
      "c.phone",
      "c.optOutToken",
      "o.name",
      "o.brandLogoUrl as logoUrl",
      "o.brandColour as colour",
      "o.locale",
      "o.trackingEnabled",
      "o.proofOnTrackingPage",
      "o.quietHoursStart",
      "o.quietHoursEnd",
      "d.name as siteName",
      "d.city as siteCity",
      "d.timezone",
      "d.countryCode",
      customerMessageKindsColumn("o.customerMessageKinds"),
    ])
    .where("r.id", "=", input.movementRequestId)
    .executeTakeFirst();
  if (!context || !(context.customerMessageKinds ?? []).includes(input.kind)) return 0;

  const addresses = [
    ...(context.email ? [{ channel: "EMAIL" as const, to: context.email }] : []),
    ...(context.phone ? [{ channel: "SMS" as const, to: context.phone }] : []),
  ];
  const optedOut = new Set(
    (
      await tx
        .selectFrom("CustomerOptOut")
        .select("address")
        .where("organisationId", "=", context.organisationId)
        .where(
          "address",
          "in",
          addresses.map((address) => address.to),
        )
        .execute()
    ).map((row) => row.address),
  );
  const recipients = addresses.filter((address) => !optedOut.has(address.to));
  if (recipients.length === 0) return 0;

  const timeZone = resolveSiteTimeZone(context) ?? "UTC";
  const quiet =
    context.quietHoursStart && context.quietHoursEnd
      ? { start: context.quietHoursStart, end: context.quietHoursEnd }
      : null;
  const due = endOfQuietHours(now, quiet, timeZone);
  if (due > now && input.kind === "ARRIVING") return 0;

  const optOutUrl = `${publicBaseUrl()}/opt-out/${context.optOutToken}`;
  const content = customerMessageContent(input, {
    ...context,
    timeZone,
    trackingUrl: trackingUrlOf({
      trackingToken: context.trackingToken,
      organisation: { trackingEnabled: context.trackingEnabled },
    }),
    now,
  });
  const words = customerMessageWords(context.locale);
  const footer = { text: words.why(context.name), link: { label: words.stopThem, url: optOutUrl } };
  const email = renderBrandedEmail(context, { ...content, footer });
  const sms = [
    `${context.name}: ${content.heading}.`,
    ...content.paragraphs,
    ...(content.action ? [content.action.url] : []),
    `${words.stop}: ${optOutUrl}`,
  ].join(" ");
  const rows = recipients.map(({ channel, to }) => ({
    id: newId(),
    organisationId: context.organisationId,
    movementRequestId: input.movementRequestId,
    kind: input.kind,
    channel,
    idempotencyKey: idempotencyKeyOf(input, channel),
    to,
    subject: `${content.heading}: ${content.vehicle}`,
    ...(channel === "EMAIL" ? email : { text: sms, html: null }),
    optOutUrl,
    nextAttemptAt: due,
    createdAt: now,
  }));
  const inserted = await tx
    .insertInto("CustomerMessage")
    .values(rows)
    .onConflict((conflict) => conflict.column("idempotencyKey").doNothing())
    .returning("id")
    .execute();
  return inserted.length;
}

function idempotencyKeyOf(input: CustomerMessageInput, channel: CustomerChannel): string {
  return [input.movementRequestId, input.kind, channel, ...(input.occasion ? [input.occasion] : [])].join(
    ":",
  );
}

type MessageContext = {
  make: string | null;
  model: string | null;
  vrm: string | null;
  customerName: string | null;
  locale: string;
  proofOnTrackingPage: boolean;
  siteName: string;
  siteCity: string;
  timeZone: string;
  trackingUrl: string | undefined;
  now: Date;
};

/** The words of each message, in the organisation's language (customer-message-words.ts) and locale. */
function customerMessageContent(
  input: CustomerMessageInput,
  context: MessageContext,
): Omit<EmailContent, "footer"> & { vehicle: string } {
  const words = customerMessageWords(context.locale);
  const vehicle = [context.make, context.model].filter(Boolean).join(" ") || context.vrm || words.yourVehicle;
  const place = `${context.siteName}, ${context.siteCity}`;
  const window = input.eta ? formatWindow(input.eta, context.locale, context.timeZone) : null;
  const greeting = context.customerName ? [words.hello(context.customerName)] : [];
  const follow = context.trackingUrl ? { label: words.follow, url: context.trackingUrl } : undefined;
  const heading = words.headings[input.kind];
  switch (input.kind) {
    case "ON_ITS_WAY":
      return {
        vehicle,
        heading,
        paragraphs: [
          ...greeting,
          words.onItsWay(vehicle, place),
          ...(window ? [words.expected(window)] : []),
        ],
        action: follow,
      };
    case "RUNNING_LATE":
      return {
        vehicle,
        heading,
        paragraphs: [
          ...greeting,
          words.runningLate(vehicle, place),
          ...(window ? [words.nowExpected(window)] : []),
        ],
        action: follow,
      };
    case "ARRIVING":
      return { vehicle, heading, paragraphs: [...greeting, words.arriving(vehicle, place)], action: follow };
    case "DELIVERED":
      return {
        vehicle,
        heading,
        paragraphs: [
          ...greeting,
          words.delivered(vehicle, place, formatClock(context.now, context.locale, context.timeZone)),
        ],
        // The proof (photos, name, time) is on the tracking page only where the organisation shows it.
        action:
          context.proofOnTrackingPage && context.trackingUrl
            ? { label: words.proof, url: context.trackingUrl }
            : undefined,
      };
  }
}

/** "Sat 28 Nov, 14:30–15:15" in the reader's language, at the destination's clock. */
function formatWindow(eta: EstimatedWindow, locale: string, timeZone: string): string {
  const format = dateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  });
  return format.formatRange(eta.earliest, eta.latest);
}

function formatClock(at: Date, locale: string, timeZone: string): string {
  return dateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone }).format(at);
}
