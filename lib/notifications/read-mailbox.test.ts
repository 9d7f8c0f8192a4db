import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listMailboxMessages, readMailboxMessage } from "@/lib/notifications/read-mailbox";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vms-mailbox-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeMessage(id: string, sentAt: string, extra: Record<string, unknown> = {}) {
  const message = {
    id,
    to: "buyer@example.test",
    from: "VMS <no-reply@vms.local>",
    subject: `Subject ${id}`,
    text: "Hello",
    sentAt,
    ...extra,
  };
  const file = path.join(dir, `${id}.json`);
  await writeFile(file, JSON.stringify(message));
  const time = new Date(sentAt);
  await utimes(file, time, time);
}

describe("the development mailbox", () => {
  it("is empty when nothing was sent yet (no folder)", async () => {
    expect(await listMailboxMessages(path.join(dir, "missing"))).toEqual({ messages: [], total: 0 });
  });

  it("lists messages newest first and skips files that are not messages", async () => {
    await writeMessage("01A", "2026-11-20T09:00:00.000Z");
    await writeMessage("01C", "2026-11-22T09:00:00.000Z");
    await writeMessage("01B", "2026-11-21T09:00:00.000Z");
    await writeFile(path.join(dir, "broken.json"), "{not json");
    await writeFile(path.join(dir, "other.json"), JSON.stringify({ hello: "world" }));
    await writeFile(path.join(dir, "notes.txt"), "ignore me");

    const { messages, total } = await listMailboxMessages(dir);
    expect(messages.map((message) => message.id)).toEqual(["01C", "01B", "01A"]);
    expect(total).toBe(5);
    expect(messages[0]).toMatchObject({ to: "buyer@example.test", subject: "Subject 01C", text: "Hello" });
  });

  it("reads only the newest files when asked for fewer", async () => {
    for (let day = 10; day < 20; day += 1) await writeMessage(`M${day}`, `2026-11-${day}T09:00:00.000Z`);
    const { messages, total } = await listMailboxMessages(dir, { limit: 3 });
    expect(messages.map((message) => message.id)).toEqual(["M19", "M18", "M17"]);
    expect(total).toBe(10);
  });

  it("opens one message by id, and nothing outside the folder", async () => {
    await writeMessage("01A", "2026-11-20T09:00:00.000Z");
    await writeFile(path.join(path.dirname(dir), "secret.json"), JSON.stringify({ id: "x" }));
    expect((await readMailboxMessage(dir, "01A"))?.subject).toBe("Subject 01A");
    expect(await readMailboxMessage(dir, "nope")).toBeNull();
    expect(await readMailboxMessage(dir, "../secret")).toBeNull();
    expect(await readMailboxMessage(dir, "")).toBeNull();
  });
});
