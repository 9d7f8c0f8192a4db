// Where e-mail goes: SMTP (nodemailer, SMTP_URL), or without SMTP_URL a local mailbox folder (one JSON
// file per message) that the development UI shows.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";
import { organisationMailboxDir } from "@/lib/notifications/mailbox-folder";

export type OutgoingEmail = {
  id: string;
  /** Whose message it is: the development mailbox keeps each organisation's apart. */
  organisationId?: string | null;
  to: string;
  subject: string;
  text: string;
};
export type MailTransport = (email: OutgoingEmail) => Promise<void>;

let transport: MailTransport | undefined;

export function mailTransport(): MailTransport {
  transport ??= env().SMTP_URL ? smtpTransport(env().SMTP_URL!) : mailboxTransport(env().MAILBOX_DIR);
  return transport;
}

function smtpTransport(url: string): MailTransport {
  const smtp = nodemailer.createTransport(url);
  return async (email) => {
    await smtp.sendMail({ from: env().MAIL_FROM, to: email.to, subject: email.subject, text: email.text });
  };
}

export function mailboxTransport(dir: string): MailTransport {
  return async ({ organisationId, ...email }) => {
    const folder = organisationId ? organisationMailboxDir(dir, organisationId) : dir;
    await mkdir(folder, { recursive: true });
    const message = { ...email, from: env().MAIL_FROM, sentAt: new Date().toISOString() };
    await writeFile(path.join(folder, `${email.id}.json`), JSON.stringify(message, null, 2));
  };
}
