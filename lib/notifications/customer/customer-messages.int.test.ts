// Customer notifications (issue #35 §4): the write-only contact on create, "on its way" at collection and
// "delivered" at delivery through the outbox, over real SMTP and a real HTTP receiver speaking Twilio's
// Messages API; the organisation's message kinds, quiet hours, the one-click opt-out, and no message
// lost or sent twice when a worker dies between its claim and its record.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as confirmGet, POST as confirmPost } from "@/app/opt-out/[token]/confirm/route";
import { kysely, type DB, type Updateable } from "@/lib/db";
import { startSmsReceiver } from "@/test/sms-receiver";
import { publicBaseUrl } from "@/lib/env";
import { createInPlanningPoolBody } from "@/lib/movement-requests/schemas";
import { enqueueCustomerMessage } from "@/lib/notifications/customer/enqueue-customer-message";
import { getOptOutView } from "@/lib/notifications/customer/opt-out";
import { purgeFinishedCustomers } from "@/lib/notifications/customer/purge-finished-customers";
import {
  claimDueCustomerMessages,
  dispatchCustomerMessage,
  sendDueCustomerMessages,
} from "@/lib/notifications/customer/send-due-customer-messages";
import { mailTransport } from "@/lib/notifications/mail-transport";
import { smsTransport } from "@/lib/notifications/sms-transport";
import { createMovementWorld, poolRequestBody, type MovementWorld } from "@/test/movement-world";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as deliveredRoute } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { headerOf, mimePartsOf, startSmtpSink } from "@/test/smtp-sink";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories/driver";

const { createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  collected: collectedRoute,
  delivered: deliveredRoute,
  createInPool: createInPoolRoute,
});

const smtp = await startSmtpSink();
const sms = await startSmsReceiver();
process.env.SMTP_URL = smtp.url;
process.env.SMS_TWILIO_ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef";
process.env.SMS_TWILIO_AUTH_TOKEN = "test-auth-token";
process.env.SMS_TWILIO_FROM = "+447700900001";
process.env.SMS_TWILIO_BASE_URL = sms.url;

const database = setupTestDatabase();
let world: MovementWorld;
let driverId: string;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  driverId = (await createDriver(database.prisma, { organisationId: world.organisation.id })).id;
});

afterAll(async () => {
  await smtp.close();
  await sms.close();
});

beforeEach(async () => {
  await updateOrganisation({ quietHoursStart: null, quietHoursEnd: null, proofOnTrackingPage: false });
});

let phoneCounter = 100;
/** A fresh customer each time: opt-outs are per organisation and address. */
function newCustomer() {
  phoneCounter += 1;
  return {
    name: "Sam Buyer",
    email: `sam.${phoneCounter}@buyers.test`,
    phone: `+4477009${String(phoneCounter).padStart(5, "0")}`,
  };
}

async function sendAll() {
  while ((await sendDueCustomerMessages(kysely())) > 0);
}

const messagesOf = (requestId: string) =>
  kysely()
    .selectFrom("CustomerMessage")
    .selectAll()
    .where("movementRequestId", "=", requestId)
    .orderBy("createdAt")
    .execute();

const updateOrganisation = (data: Updateable<DB["Organisation"]>) =>
  kysely().updateTable("Organisation").set(data).where("id", "=", world.organisation.id).execute();

const customerOf = (movementRequestId: string) =>
  kysely()
    .selectFrom("MovementCustomer")
    .selectAll()
    .where("movementRequestId", "=", movementRequestId)
    .executeTakeFirst();

async function collectedRequest(customer = newCustomer()) {
  const created = await createPoolRequest(world, { customer });
  const id = created.id as string;
  await operateOk(world, "assign", id, { driverId });
  await operateOk(world, "collected", id);
  return { id, created, customer };
}

describe("the customer on create", () => {
  it("is stored, write-only: never in the response", async () => {
    const customer = newCustomer();
    const created = await createPoolRequest(world, { customer });
    expect(created).not.toHaveProperty("customer");
    expect(JSON.stringify(created)).not.toContain(customer.email);
    const stored = (await customerOf(created.id as string))!;
    expect(stored).toMatchObject({ name: "Sam Buyer", email: customer.email, phone: customer.phone });
    expect(stored.optOutToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("is validated: an e-mail, an E.164 phone, at least one of them", () => {
    const parse = (customer: unknown) =>
      createInPlanningPoolBody.safeParse(poolRequestBody(world, { customer }));
    expect(parse({ phone: "+447700900123" }).success).toBe(true);
    expect(parse({ email: "a@b.test", name: "A" }).success).toBe(true);
    for (const bad of [
      {},
      { name: "Only a name" },
      { phone: "07700 900123" },
      { phone: "+0447700900123" },
      { email: "nope" },
      { email: "a@b.test", extra: 1 },
    ]) {
      const result = parse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.path[0]).toBe("customer");
    }
  });
});

describe("on its way and delivered", () => {
  it("are written in the operations' transactions and sent by e-mail (branded, opt-out headers) and SMS", async () => {
    const { id, created, customer } = await collectedRequest();
    expect((await messagesOf(id)).map((message) => [message.kind, message.channel])).toEqual([
      ["ON_ITS_WAY", "EMAIL"],
      ["ON_ITS_WAY", "SMS"],
    ]);
    await sendAll();

    const email = smtp.received.find((received) => received.to.includes(customer.email));
    expect(email).toBeDefined();
    const raw = email!.raw;
    expect(headerOf(raw, "Subject")).toBe("On its way: Ford Focus");
    expect(headerOf(raw, "Content-Type")).toMatch(/^multipart\/alternative;/);
    const { optOutToken } = (await customerOf(id))!;
    expect(headerOf(raw, "List-Unsubscribe")).toBe(`<${publicBaseUrl()}/opt-out/${optOutToken}/confirm>`);
    expect(headerOf(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const [text, html] = mimePartsOf(raw).map((part) => part.body) as [string, string];
    for (const part of [text, html]) {
      expect(part).toContain("Hello Sam Buyer,");
      // The window the request had at collection (here its schedule's), in the destination's clock.
      expect(part).toMatch(/Expected \w{3} \d{1,2} \w{3}, \d{2}:\d{2}/);
      expect(part).toContain(created.trackingUrl as string);
      expect(part).toContain(`/opt-out/${optOutToken}`);
    }

    const [request] = sms.requests.filter((received) => received.form.To === customer.phone);
    expect(request).toMatchObject({
      method: "POST",
      path: `/2010-04-01/Accounts/${process.env.SMS_TWILIO_ACCOUNT_SID}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${process.env.SMS_TWILIO_ACCOUNT_SID}:test-auth-token`).toString("base64")}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(request!.form.From).toBe("+447700900001");
    expect(request!.form.Body).toContain("On its way");
    expect(request!.form.Body).toContain(created.trackingUrl as string);
    const [smsRow] = (await messagesOf(id)).filter((message) => message.channel === "SMS");
    expect(request!.idempotencyKey).toBe(smsRow!.id);
    expect(smsRow).toMatchObject({ status: "SENT", providerMessageId: sms.created.get(smsRow!.id) });

    // Delivered, with the proof link where customers see the proof.
    await updateOrganisation({ proofOnTrackingPage: true });
    await operateOk(world, "delivered", id);
    await sendAll();
    const delivered = smtp.received.filter((received) => received.to.includes(customer.email))[1];
    expect(headerOf(delivered!.raw, "Subject")).toBe("Delivered: Ford Focus");
    expect(mimePartsOf(delivered!.raw)[0]?.body).toContain(
      `See the proof of delivery: ${created.trackingUrl as string}`,
    );
  });

  it("are written in the organisation's language, English where it has none of its words", async () => {
    await updateOrganisation({ locale: "fr-FR" });
    try {
      const { id } = await collectedRequest({ ...newCustomer(), name: "Camille Martin" });
      const [email, text] = await Promise.all(
        ["EMAIL", "SMS"].map(async (channel) =>
          (await messagesOf(id)).find((row) => row.channel === channel)!,
        ),
      );
      expect(email!.subject).toBe("En route: Ford Focus");
      expect(email!.text).toContain("Bonjour Camille Martin,");
      expect(email!.text).toContain("Ford Focus a été pris en charge et est en route vers Leeds, Leeds.");
      // A French date in a French sentence.
      expect(email!.text).toMatch(/Arrivée prévue : \S+\.? \d{1,2} \S+/);
      expect(email!.html).toContain("Ne plus les recevoir");
      expect(text!.text).toMatch(/^.+: En route\. /);
      expect(text!.text).toContain("Désinscription: ");

      await updateOrganisation({ locale: "sv-SE" });
      const swedish = await collectedRequest();
      const [fallback] = await messagesOf(swedish.id);
      expect(fallback!.subject).toBe("On its way: Ford Focus");
    } finally {
      await updateOrganisation({ locale: "en-GB" });
    }
  });

  it("is written once per request, kind and channel: a second enqueue changes nothing", async () => {
    const { id } = await collectedRequest();
    expect(await enqueueCustomerMessage(kysely(), { movementRequestId: id, kind: "ON_ITS_WAY" })).toBe(0);
    expect(await messagesOf(id)).toHaveLength(2);
  });

  it("running late (one per occasion, with the new window) and arriving, for the ETA pass to write", async () => {
    const { id } = await collectedRequest();
    const now = Date.now();
    const late = (hours: number) => {
      const eta = {
        earliest: new Date(now + hours * 3_600_000),
        latest: new Date(now + (hours + 1) * 3_600_000),
      };
      const occasion = eta.latest.toISOString();
      return enqueueCustomerMessage(kysely(), { movementRequestId: id, kind: "RUNNING_LATE", eta, occasion });
    };
    expect(await late(3)).toBe(2);
    expect(await late(3)).toBe(0);
    expect(await late(5)).toBe(2);
    expect(await enqueueCustomerMessage(kysely(), { movementRequestId: id, kind: "ARRIVING" })).toBe(2);
    const written = (await messagesOf(id)).filter((message) => message.channel === "SMS");
    expect(written.map((message) => message.kind)).toEqual([
      "ON_ITS_WAY",
      "RUNNING_LATE",
      "RUNNING_LATE",
      "ARRIVING",
    ]);
    expect(written[1]?.text).toMatch(/Running late\. .* It is now expected \w{3} \d{1,2} \w{3}, \d{2}:\d{2}/);
    expect(written[3]?.text).toContain("will arrive at");
    expect(written[3]?.text).toContain("in about 15 minutes");
  });

  it("sends only the kinds the organisation chose, and nothing for a request without a customer", async () => {
    await updateOrganisation({ customerMessageKinds: ["DELIVERED"] });
    try {
      const { id } = await collectedRequest();
      expect(await messagesOf(id)).toEqual([]);
    } finally {
      await updateOrganisation({
        customerMessageKinds: ["ON_ITS_WAY", "RUNNING_LATE", "ARRIVING", "DELIVERED"],
      });
    }
    const plain = await createPoolRequest(world);
    await operateOk(world, "assign", plain.id as string, { driverId });
    await operateOk(world, "collected", plain.id as string);
    expect(await messagesOf(plain.id as string)).toEqual([]);
  });
});

/** The minute of the day now in London (the destination, Leeds), shifted by `minutes`, as HH:MM. */
function londonTime(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  return new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/London",
  }).format(at);
}

describe("quiet hours", () => {
  it("hold a message until they end at the destination, and drop 'arriving'", async () => {
    await updateOrganisation({ quietHoursStart: londonTime(-60), quietHoursEnd: londonTime(60) });
    const before = Date.now();
    const { id, customer } = await collectedRequest();
    const held = await messagesOf(id);
    expect(held).toHaveLength(2);
    for (const message of held) {
      // The end of the window: about an hour on (to the minute).
      expect(message.nextAttemptAt.getTime() - before).toBeGreaterThan(58 * 60_000);
      expect(message.nextAttemptAt.getTime() - before).toBeLessThanOrEqual(61 * 60_000);
    }
    expect(await enqueueCustomerMessage(kysely(), { movementRequestId: id, kind: "ARRIVING" })).toBe(0);
    await sendAll();
    expect(smtp.received.some((received) => received.to.includes(customer.email))).toBe(false);
    expect(sms.requests.some((received) => received.form.To === customer.phone)).toBe(false);

    // The quiet hours end (the clock moves on to the time the outbox was given): sent then.
    await kysely()
      .updateTable("CustomerMessage")
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where("movementRequestId", "=", id)
      .execute();
    await sendAll();
    expect(smtp.received.filter((received) => received.to.includes(customer.email))).toHaveLength(1);
    expect(sms.requests.filter((received) => received.form.To === customer.phone)).toHaveLength(1);
  });
});

describe("the one-click opt-out", () => {
  it("a GET changes nothing; the POST stops every later message to those addresses, on any request", async () => {
    const { id, customer } = await collectedRequest();
    const { optOutToken } = (await customerOf(id))!;
    const params = { params: Promise.resolve({ token: optOutToken }) };

    const prefetch = await confirmGet(new Request(`http://vms.test/opt-out/${optOutToken}/confirm`), params);
    expect(prefetch.status).toBe(303);
    expect((await getOptOutView(optOutToken))?.optedOut).toBe(false);
    expect((await getOptOutView(optOutToken))?.addresses).toEqual([
      `s•••@buyers.test`,
      `${customer.phone.slice(0, 3)}${"•".repeat(customer.phone.length - 6)}${customer.phone.slice(-3)}`,
    ]);

    // What a mail client sends for List-Unsubscribe-Post.
    const oneClick = await confirmPost(
      new Request(`http://vms.test/opt-out/${optOutToken}/confirm`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
      params,
    );
    expect(oneClick.status).toBe(303);
    expect(oneClick.headers.get("location")).toBe(`/opt-out/${optOutToken}`);
    expect((await getOptOutView(optOutToken))?.optedOut).toBe(true);

    // Written before the opt-out, sent after: skipped at sending.
    await sendAll();
    expect(smtp.received.some((received) => received.to.includes(customer.email))).toBe(false);
    expect((await messagesOf(id)).map((message) => [message.status, message.lastError])).toEqual([
      ["SKIPPED", "The customer opted out."],
      ["SKIPPED", "The customer opted out."],
    ]);
    // Later messages, and another request for the same customer: not even written.
    await operateOk(world, "delivered", id);
    expect(await messagesOf(id)).toHaveLength(2);
    const again = await collectedRequest(customer);
    expect(await messagesOf(again.id)).toEqual([]);

    const unknown = await confirmPost(new Request("http://vms.test/opt-out/x/confirm", { method: "POST" }), {
      params: Promise.resolve({ token: "x".repeat(43) }),
    });
    expect(unknown.status).toBe(404);
  });
});

describe("retention", () => {
  it("deletes the contact and its messages 30 days after the request finished; open ones and opt-outs stay", async () => {
    const delivered = await collectedRequest();
    await operateOk(world, "delivered", delivered.id);
    const open = await collectedRequest();
    const { optOutToken } = (await customerOf(delivered.id))!;
    await confirmPost(new Request(`http://vms.test/opt-out/${optOutToken}/confirm`, { method: "POST" }), {
      params: Promise.resolve({ token: optOutToken }),
    });
    const longAgo = new Date(Date.now() - 31 * 24 * 3_600_000);
    await kysely()
      .updateTable("MovementRequest")
      .set({ updatedAt: longAgo })
      .where("id", "in", [delivered.id, open.id])
      .execute();
    const purged = await purgeFinishedCustomers(new Date(), { retentionDays: 30 });
    expect(purged.customers).toBeGreaterThanOrEqual(1);
    expect(await customerOf(delivered.id)).toBeUndefined();
    expect(await messagesOf(delivered.id)).toEqual([]);
    expect(await customerOf(open.id)).toBeDefined();
    expect(await messagesOf(open.id)).toHaveLength(2);
    expect(
      await kysely()
        .selectFrom("CustomerOptOut")
        .select("address")
        .where("organisationId", "=", world.organisation.id)
        .where("address", "in", [delivered.customer.email, delivered.customer.phone])
        .execute(),
    ).toHaveLength(2);
    await sendAll(); // (the later tests claim what is due)
  });
});

describe("a worker dying between its claim and its record", () => {
  const expireLeases = (id: string) =>
    kysely()
      .updateTable("CustomerMessage")
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where("movementRequestId", "=", id)
      .execute();

  it("before sending: the message is not lost; the next run sends it once", async () => {
    const { id, customer } = await collectedRequest();
    const claimed = await claimDueCustomerMessages(kysely());
    expect(claimed.map((message) => message.to).sort()).toEqual([customer.email, customer.phone].sort());
    // (the worker dies here) While its lease holds, no other worker takes them.
    await sendAll();
    expect(smtp.received.some((received) => received.to.includes(customer.email))).toBe(false);
    await expireLeases(id);
    await sendAll();
    expect(smtp.received.filter((received) => received.to.includes(customer.email))).toHaveLength(1);
    expect(sms.requests.filter((received) => received.form.To === customer.phone)).toHaveLength(1);
    expect((await messagesOf(id)).map((message) => message.status)).toEqual(["SENT", "SENT"]);
  });

  it("after the provider took it: the retry carries the same key, and one SMS exists", async () => {
    const { id, customer } = await collectedRequest();
    const claimed = await claimDueCustomerMessages(kysely());
    const transports = { email: mailTransport(), sms: smsTransport() };
    for (const message of claimed) await dispatchCustomerMessage(message, transports);
    // (the worker dies here, before recording) The lease runs out; another run sends again.
    await expireLeases(id);
    await sendAll();

    const attempts = sms.requests.filter((received) => received.form.To === customer.phone);
    expect(attempts).toHaveLength(2);
    expect(new Set(attempts.map((attempt) => attempt.idempotencyKey)).size).toBe(1);
    const [smsRow] = (await messagesOf(id)).filter((message) => message.channel === "SMS");
    expect(smsRow).toMatchObject({
      status: "SENT",
      attemptCount: 2,
      providerMessageId: sms.created.get(smsRow!.id),
    });
    // The e-mail's retry is the same message: the same Message-ID, which mail stores keep once.
    const emails = smtp.received.filter((received) => received.to.includes(customer.email));
    expect(new Set(emails.map((received) => headerOf(received.raw, "Message-ID"))).size).toBe(1);
  });
});
