// Tracking, delivered and aborted e-mails, through the outbox, sent over SMTP to a real server on
// loopback; and the mailbox folder used when there is no SMTP server.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kysely, type DB, type Updateable } from "@/lib/db";
import { createInPlanningPool } from "@/lib/movement-requests/create-movement-request";
import { createInPlanningPoolBody } from "@/lib/movement-requests/schemas";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as deliveredRoute } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as abortedRoute } from "@/app/v1/operations/movement-requests/[requestId]/aborted/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { mailboxTransport } from "@/lib/notifications/mail-transport";
import { organisationMailboxDir } from "@/lib/notifications/mailbox-folder";
import { sendDueEmails } from "@/lib/notifications/send-due-emails";
import { createMovementWorld, poolRequestBody, type MovementWorld } from "@/test/movement-world";
import { headerOf, mimePartsOf, startSmtpSink } from "@/test/smtp-sink";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories/driver";

const { createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  collected: collectedRoute,
  delivered: deliveredRoute,
  aborted: abortedRoute,
  createInPool: createInPoolRoute,
});

const smtp = await startSmtpSink();
process.env.SMTP_URL = smtp.url;

const database = setupTestDatabase();
let world: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
});

afterAll(async () => {
  await smtp.close();
});

async function sendAll() {
  while ((await sendDueEmails(kysely())) > 0);
}

const updateOrganisation = (data: Updateable<DB["Organisation"]>) =>
  kysely().updateTable("Organisation").set(data).where("id", "=", world.organisation.id).execute();

/** The e-mail outbox's rows (of one status). */
async function emailCount(status?: "PENDING") {
  const { count } = await kysely()
    .selectFrom("EmailMessage")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .$if(status !== undefined, (query) => query.where("status", "=", status!))
    .executeTakeFirstOrThrow();
  return Number(count);
}

const mailTo = (address: string) => smtp.received.filter((email) => email.to.includes(address));

describe("movement e-mails", () => {
  it("sends the tracking link to requestedBy when a pool request is created", async () => {
    const created = await createPoolRequest(world, { requestedBy: "buyer.one@dealer.test" });
    await sendAll();
    const [email] = mailTo("buyer.one@dealer.test");
    expect(email?.raw).toContain(created.trackingUrl as string);
    expect(email?.raw).toMatch(/Subject: Track your vehicle movement/);
  });

  it("drops them for a request an API key created without requestedBy", async () => {
    const before = await emailCount();
    await createPoolRequest(world);
    expect(await emailCount()).toBe(before);
  });

  it("sends them to the staff user who created the request", async () => {
    await createInPlanningPool(
      {
        organisationId: world.organisation.id,
        profileId: world.profile.id,
        actor: "user:dispatcher.x@dealer.test",
        email: "dispatcher.x@dealer.test",
      },
      createInPlanningPoolBody.parse(poolRequestBody(world)),
    );
    await sendAll();
    expect(mailTo("dispatcher.x@dealer.test")).toHaveLength(1);
  });

  it("sends delivered and aborted notices to requestedBy", async () => {
    const driver = await createDriver(database.prisma, { organisationId: world.organisation.id });
    const delivered = await createPoolRequest(world, { requestedBy: "buyer.two@dealer.test" });
    await operateOk(world, "assign", delivered.id as string, { driverId: driver.id });
    await operateOk(world, "collected", delivered.id as string);
    await operateOk(world, "delivered", delivered.id as string);
    const aborted = await createPoolRequest(world, { requestedBy: "buyer.three@dealer.test" });
    await operateOk(world, "assign", aborted.id as string, { driverId: driver.id });
    await operateOk(world, "aborted", aborted.id as string, { reason: "NotReady", detail: "private detail" });
    await sendAll();

    expect(mailTo("buyer.two@dealer.test").map((email) => email.raw.match(/Subject: (\w+)/)?.[1])).toEqual([
      "Track",
      "Delivered",
    ]);
    const stopped = mailTo("buyer.three@dealer.test").find((email) => email.raw.includes("stopped"));
    expect(stopped).toBeDefined();
    expect(stopped?.raw).not.toContain("private detail");
    expect(await emailCount("PENDING")).toBe(0);
  });
});

describe("branded e-mails", () => {
  it("are multipart/alternative, from the organisation's name, with dates in its language", async () => {
    await updateOrganisation({
      locale: "fr-FR",
      mailFromName: 'Garage <Dupont> "Lyon"',
      mailReplyTo: "service@garage-dupont.test",
      brandColour: "#0F766E",
      brandLogoUrl: "https://cdn.garage-dupont.test/logo.png?a=1&b=2",
    });
    try {
      const driver = await createDriver(database.prisma, { organisationId: world.organisation.id });
      const created = await createPoolRequest(world, { requestedBy: "client.fr@dealer.test" });
      await operateOk(world, "assign", created.id as string, { driverId: driver.id });
      await operateOk(world, "collected", created.id as string);
      await operateOk(world, "delivered", created.id as string);
      await sendAll();

      const email = mailTo("client.fr@dealer.test").find((received) =>
        /Subject: Delivered/.test(received.raw),
      );
      expect(email).toBeDefined();
      const raw = email!.raw;
      expect(headerOf(raw, "Content-Type")).toMatch(/^multipart\/alternative;/);
      // The name, stripped of what could fake an address; the address stays MAIL_FROM's.
      expect(headerOf(raw, "From")).toBe("Garage Dupont Lyon <no-reply@vms.local>");
      expect(headerOf(raw, "Reply-To")).toBe("service@garage-dupont.test");
      const parts = mimePartsOf(raw);
      expect(parts.map((part) => part.contentType)).toEqual(["text/plain", "text/html"]);
      const [text, html] = parts.map((part) => part.body) as [string, string];

      const { completedOn } = await kysely()
        .selectFrom("MovementRequest")
        .select("completedOn")
        .where("id", "=", created.id as string)
        .executeTakeFirstOrThrow();
      const day = new Intl.DateTimeFormat("fr-FR", { dateStyle: "full", timeZone: "UTC" }).format(
        completedOn!,
      );
      expect(day).toMatch(/^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} \S+ \d{4}$/);
      for (const part of [text, html]) {
        expect(part).toContain(`delivered on ${day}`);
        expect(part).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        expect(part).toContain(created.trackingUrl as string);
      }
      expect(html).toContain('<html lang="fr-FR">');
      expect(html).toContain("background:#0F766E");
      // Values are escaped: the logo's & stays an attribute, never markup.
      expect(html).toContain('src="https://cdn.garage-dupont.test/logo.png?a=1&amp;b=2"');
      expect(html).not.toContain("<script");
    } finally {
      await updateOrganisation({
        locale: "en-GB",
        mailFromName: null,
        mailReplyTo: null,
        brandColour: null,
        brandLogoUrl: null,
      });
    }
  });
});

describe("the development mailbox", () => {
  it("writes each message as a file when there is no SMTP server", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vms-mailbox-"));
    try {
      await mailboxTransport(dir)({ id: "01TEST", to: "a@b.test", subject: "Hello", text: "Body" });
      const [file] = readdirSync(dir);
      expect(JSON.parse(readFileSync(path.join(dir, file!), "utf8"))).toMatchObject({
        to: "a@b.test",
        subject: "Hello",
        text: "Body",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps an organisation's messages in its own folder (an admin's /mailbox shows only those)", async () => {
    const created = await createPoolRequest(world, { requestedBy: "buyer.four@dealer.test" });
    const dir = mkdtempSync(path.join(tmpdir(), "vms-mailbox-"));
    try {
      while ((await sendDueEmails(kysely(), 20, mailboxTransport(dir))) > 0);
      const own = readdirSync(organisationMailboxDir(dir, world.organisation.id));
      const [file] = own.filter((name) =>
        readFileSync(path.join(organisationMailboxDir(dir, world.organisation.id), name), "utf8").includes(
          created.trackingUrl as string,
        ),
      );
      expect(file).toBeDefined();
      expect(readdirSync(dir)).toEqual(["organisations"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
