// GET /mailbox[?id=] — the development mailbox (administrators; only while SMTP_URL is not set): the
// e-mail the service would have sent for their organisation, newest first, one opened beside the list.
import type { Metadata } from "next";
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { Alert } from "@/components/ui/alert";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { MailIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { rolesWith } from "@/lib/auth/roles";
import { requireStaff } from "@/lib/auth/require-staff";
import { env } from "@/lib/env";
import { organisationMailboxDir } from "@/lib/notifications/mailbox-folder";
import {
  listMailboxMessages,
  readMailboxMessage,
  type MailboxMessage,
} from "@/lib/notifications/read-mailbox";
import { dateTimeFormat } from "@/lib/intl-formats";

export const metadata: Metadata = { title: "Mailbox" };

const SHOWN = 200;

const formatSentAt = (iso: string) =>
  dateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(iso),
  ) + " UTC";

export default async function MailboxPage({
  searchParams,
}: {
  searchParams: Promise<{ id?: string | string[] }>;
}) {
  const { organisationId } = await requireStaff(rolesWith("view-mailbox"));
  const description =
    "E-mail the service sends (tracking links, delivery and abort notices) is kept here instead, because no SMTP server is configured (SMTP_URL).";

  if (env().SMTP_URL) {
    return (
      <>
        <PageHeader title="Mailbox" />
        <EmptyState
          icon={<MailIcon />}
          title="E-mail goes out over SMTP"
          description="SMTP_URL is set, so messages are delivered to their recipients and the development mailbox is not used."
        />
      </>
    );
  }

  const { id } = await searchParams;
  // Only this organisation's messages: another's are its buyers' addresses and tracking links.
  const dir = organisationMailboxDir(env().MAILBOX_DIR, organisationId);
  const { messages, total } = await listMailboxMessages(dir, { limit: SHOWN });
  const requestedId = typeof id === "string" ? id : undefined;
  const selected = requestedId ? await readMailboxMessage(dir, requestedId) : (messages[0] ?? null);

  return (
    <>
      <PageHeader title="Mailbox" description={description} />
      {messages.length === 0 ? (
        <EmptyState
          icon={<MailIcon />}
          title="No e-mail yet"
          description="Messages appear here when a movement request with a requester e-mail gets its tracking link, is delivered or is aborted."
        />
      ) : (
        <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(20rem,26rem)_minmax(0,1fr)] 2xl:grid-cols-[30rem_minmax(0,1fr)]">
          <Card className="flex min-h-0 flex-col lg:max-h-[calc(100vh-12rem)]">
            <CardHeader
              id="mailbox-list-heading"
              title="Messages"
              description={
                total > messages.length ? `Newest ${messages.length} of ${total}` : `${total} in total`
              }
            />
            <nav aria-labelledby="mailbox-list-heading" className="min-h-0 overflow-y-auto">
              <ul className="divide-y divide-slate-200">
                {messages.map((message) => (
                  <MessageListItem key={message.id} message={message} current={message.id === selected?.id} />
                ))}
              </ul>
            </nav>
          </Card>
          {selected ? (
            <MessageView message={selected} />
          ) : (
            <Alert tone="warning" title="Message not found">
              It may have been removed from the mailbox folder. Pick another message from the list.
            </Alert>
          )}
        </div>
      )}
    </>
  );
}

function MessageListItem({ message, current }: { message: MailboxMessage; current: boolean }) {
  return (
    <li>
      <Link
        href={`/mailbox?id=${encodeURIComponent(message.id)}`}
        aria-current={current ? "true" : undefined}
        className={cn(
          "block border-l-2 px-4 py-3 transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600",
          current ? "border-blue-600 bg-blue-50" : "border-transparent hover:bg-slate-50",
        )}
      >
        <span className="block truncate text-sm font-medium text-slate-900">{message.subject}</span>
        <span className="mt-0.5 flex justify-between gap-3 text-xs text-slate-600">
          <span className="truncate">To {message.to}</span>
          <time dateTime={message.sentAt} className="shrink-0">
            {formatSentAt(message.sentAt)}
          </time>
        </span>
      </Link>
    </li>
  );
}

function MessageView({ message }: { message: MailboxMessage }) {
  return (
    <Card>
      <article aria-labelledby="mailbox-message-subject">
        <header className="border-b border-slate-200 px-5 py-4">
          <h2 id="mailbox-message-subject" className="text-lg font-semibold text-slate-900">
            {message.subject}
          </h2>
          <dl className="mt-2 grid grid-cols-[4rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [overflow-wrap:anywhere]">
            <dt className="text-slate-600">From</dt>
            <dd className="text-slate-900">{message.from || "—"}</dd>
            <dt className="text-slate-600">To</dt>
            <dd className="text-slate-900">{message.to}</dd>
            <dt className="text-slate-600">Sent</dt>
            <dd className="text-slate-900">
              <time dateTime={message.sentAt}>{formatSentAt(message.sentAt)}</time>
            </dd>
          </dl>
        </header>
        <pre className="overflow-x-auto px-5 py-4 font-sans text-sm leading-relaxed whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
          {message.text}
        </pre>
      </article>
    </Card>
  );
}
