// Where e-mail goes: SMTP (nodemailer, SMTP_URL), or without SMTP_URL a local mailbox folder (one JSON
// file per message) that the development UI shows. The sender's address is always MAIL_FROM's (the
// domain the service's mail is authorised for); an organisation may name itself and take the replies.
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
  html?: string | null;
  /** The organisation's display name for the sender (Organisation.mailFromName). */
  fromName?: string | null;
  replyTo?: string | null;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};
export type MailTransport = (email: OutgoingEmail) => Promise<void>;

let transport: MailTransport | undefined;

export function mailTransport(): MailTransport {
  transport ??= env().SMTP_URL ? smtpTransport(env().SMTP_URL!) : mailboxTransport(env().MAILBOX_DIR);
  return transport;
}

/** MAIL_FROM ("Name <address>" or "address"), with the organisation's name in place of its own. */
export function senderOf(fromName?: string | null): string {
  if (!fromName) return env().MAIL_FROM;
  // Quoted and without quotes or angle brackets of its own, so that no name can forge another address.
  return `"${fromName.replace(/["<>\\\r\n]/g, "")}" <${mailFromAddress()}>`;
}

function mailFromAddress(): string {
  const configured = env().MAIL_FROM;
  return /<([^<>]+)>\s*$/.exec(configured)?.[1] ?? configured.trim();
}

function smtpTransport(url: string): MailTransport {
  const smtp = nodemailer.createTransport(url);
  return async (email) => {
    await smtp.sendMail({
      from: senderOf(email.fromName),
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      // The outbox's id: a retry after a crash carries the same Message-ID, which mail stores dedupe on.
      messageId: `<${email.id}@${messageIdDomain()}>`,
      headers: email.headers,
    });
  };
}

function messageIdDomain(): string {
  return mailFromAddress().split("@")[1]?.trim() || "vms.local";
}

export function mailboxTransport(dir: string): MailTransport {
  return async ({ organisationId, fromName, ...email }) => {
    const folder = organisationId ? organisationMailboxDir(dir, organisationId) : dir;
    await mkdir(folder, { recursive: true });
    const message = { ...email, from: senderOf(fromName), sentAt: new Date().toISOString() };
    await writeFile(path.join(folder, `${email.id}.json`), JSON.stringify(message, null, 2));
  };
}
