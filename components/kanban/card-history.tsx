// The vehicle's history in the card drawer, newest first: its stage changes and the status changes
// of its inbound and outbound movements, each of those linked to the movement board.
import Link from "next/link";
import { Spinner } from "@/components/ui/spinner";
import type { KanbanHistoryEntry } from "@/lib/prep-jobs/kanban/card-details";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

export function CardHistory({
  history,
  failed,
}: {
  history: KanbanHistoryEntry[] | undefined;
  failed: boolean;
}) {
  return (
    <section aria-labelledby="drawer-history">
      <h3 id="drawer-history" className="text-sm font-semibold text-slate-900">
        History
      </h3>
      {failed ? (
        <p className="mt-1 text-sm text-red-700">
          The history could not be loaded. Close and open the card again.
        </p>
      ) : !history ? (
        <Spinner className="mt-2" />
      ) : history.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Nothing recorded yet.</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2 border-l-2 border-slate-200 pl-3" data-testid="card-history">
          {history.map((entry) => (
            <li key={entry.id} className="text-sm" data-kind={entry.kind}>
              {entry.href ? (
                <Link
                  href={entry.href}
                  className="font-medium text-blue-700 underline-offset-2 hover:underline"
                >
                  {entry.text}
                </Link>
              ) : (
                <span className="font-medium text-slate-900">{entry.text}</span>
              )}
              <span className="block text-xs text-slate-600">{when(entry.at)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
