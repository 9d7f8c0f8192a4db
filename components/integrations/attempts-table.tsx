// The delivery attempts of one endpoint, newest first: when, which event, which try, what came back.
// The receiver's response is untrusted text: it is rendered as text (React escapes it), never as HTML.
import { Badge } from "@/components/ui/badge";
import { TableHead } from "@/components/ui/table-head";
import type { RedeliveryOutcome } from "@/lib/webhooks/redeliver";
import type { WebhookAttemptResponse } from "@/lib/webhooks/schemas";
import type { ActionResult } from "@/lib/http/action-result";
import { eventTypeLabel } from "./event-types";
import { RedeliverButton } from "./redeliver-button";
import { Timestamp } from "./timestamp";

const EXCERPT_INLINE = 120;

export function AttemptsTable({
  attempts,
  testEventIds,
  redeliverAction,
}: {
  attempts: WebhookAttemptResponse[];
  testEventIds: ReadonlySet<string>;
  /** Bound to the endpoint: (deliveryId) → outcome. Absent: no redeliver buttons. */
  redeliverAction?: (deliveryId: string) => Promise<ActionResult<RedeliveryOutcome>>;
}) {
  // One redeliver button per delivery, on its newest attempt of the page.
  const seen = new Set<string>();
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Delivery attempts table"
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
    >
      <table className="w-full min-w-[48rem] text-left text-sm" data-testid="attempts-table">
        <caption className="sr-only">Delivery attempts, newest first</caption>
        <TableHead
          columns={[
            "Time",
            "Event",
            { label: "Attempt", align: "right" },
            "Result",
            { label: "Duration", align: "right" },
            "Response",
            { label: "Actions", hidden: true },
          ]}
        />
        <tbody className="divide-y divide-slate-200 align-top">
          {attempts.map((attempt) => {
            const first = !seen.has(attempt.deliveryId);
            seen.add(attempt.deliveryId);
            const label = eventTypeLabel(attempt.eventType);
            return (
              <tr key={attempt.id} data-testid="attempt-row" data-attempt-id={attempt.id}>
                <td className="px-4 py-2.5 whitespace-nowrap text-slate-700 tabular-nums">
                  <Timestamp iso={attempt.attemptedAt} seconds />
                </td>
                <td className="px-4 py-2.5">
                  <span className="flex flex-wrap items-center gap-1.5">
                    <span className="font-medium text-slate-900">{label}</span>
                    {testEventIds.has(attempt.eventId) ? <Badge tone="accent">Test</Badge> : null}
                  </span>
                  <span className="block font-mono text-xs text-slate-600" title="Event id (hook-id header)">
                    {attempt.eventId}
                  </span>
                </td>
                <td className="px-4 py-2.5 text-right text-slate-700 tabular-nums">
                  #{attempt.attemptNumber}
                </td>
                <td className="px-4 py-2.5">
                  <ResultBadge attempt={attempt} />
                  {attempt.error && !attempt.succeeded ? (
                    <span className="mt-1 block max-w-56 text-xs break-words text-red-800">
                      {attempt.error}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-2.5 text-right whitespace-nowrap text-slate-700 tabular-nums">
                  {attempt.durationMs.toLocaleString("en-GB")} ms
                </td>
                <td className="max-w-md px-4 py-2.5">
                  <ResponseExcerpt text={attempt.responseBodyExcerpt} />
                </td>
                <td className="px-4 py-2.5 text-right">
                  {first && redeliverAction ? (
                    <RedeliverButton
                      eventLabel={`${label} ${attempt.eventId}`}
                      redeliverAction={redeliverAction.bind(null, attempt.deliveryId)}
                    />
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ResultBadge({ attempt }: { attempt: WebhookAttemptResponse }) {
  if (attempt.responseStatus === null) {
    return <Badge tone="danger">No response</Badge>;
  }
  const tone = attempt.succeeded ? "success" : attempt.responseStatus >= 500 ? "danger" : "warning";
  return (
    <Badge tone={tone} dot>
      <span className="tabular-nums">{attempt.responseStatus}</span>
      <span className="sr-only">{attempt.succeeded ? " (succeeded)" : " (failed)"}</span>
    </Badge>
  );
}

function ResponseExcerpt({ text }: { text: string | null }) {
  if (text === null || text === "") return <span className="text-slate-500">—</span>;
  const short = text.length <= EXCERPT_INLINE && !text.includes("\n");
  if (short) {
    return <code className="font-mono text-xs break-all whitespace-pre-wrap text-slate-800">{text}</code>;
  }
  return (
    <details className="group">
      <summary className="cursor-pointer font-mono text-xs break-all text-slate-800 marker:text-slate-500">
        {text.slice(0, EXCERPT_INLINE).replace(/\s+/g, " ")}…
      </summary>
      <pre className="mt-1.5 max-h-64 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800">
        {text}
      </pre>
    </details>
  );
}
