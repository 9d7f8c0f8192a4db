// The development mailbox: e-mail written as one JSON file per message to MAILBOX_DIR when SMTP_URL is
// not set (mail-transport.ts). Read by the admin's /mailbox page; files that are not messages are skipped.
import "server-only";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

const mailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string().default(""),
  subject: z.string(),
  text: z.string(),
  sentAt: z.iso.datetime({ offset: true }),
});

export type MailboxMessage = z.infer<typeof mailboxMessage>;

/** Message ids are ULIDs / UUIDs: anything else (a path, "..") never reaches the file system. */
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function listMailboxMessages(
  dir: string,
  options: { limit?: number } = {},
): Promise<{ messages: MailboxMessage[]; total: number }> {
  const limit = options.limit ?? 200;
  const names = await messageFileNames(dir);
  // The newest files first by modification time, so that a large folder is not read in full.
  const files = await Promise.all(
    names.map(async (name) => ({
      name,
      modified: (await stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0,
    })),
  );
  files.sort((a, b) => b.modified - a.modified);
  const messages = (
    await Promise.all(files.slice(0, limit).map((file) => readMessage(path.join(dir, file.name))))
  )
    .filter((message): message is MailboxMessage => message !== null)
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
  return { messages, total: names.length };
}

export async function readMailboxMessage(dir: string, id: string): Promise<MailboxMessage | null> {
  if (!MESSAGE_ID.test(id)) return null;
  return readMessage(path.join(dir, `${id}.json`));
}

async function messageFileNames(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter(
      (name) => name.endsWith(".json") && MESSAGE_ID.test(name.slice(0, -5)),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return []; // nothing sent yet
    throw error;
  }
}

async function readMessage(file: string): Promise<MailboxMessage | null> {
  try {
    const parsed = mailboxMessage.safeParse(JSON.parse(await readFile(file, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // missing, half-written or not JSON
  }
}
