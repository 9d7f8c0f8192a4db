"use client";
// "Inspect" in the card drawer (issue 37 §1): the site's checklist, each check Pass or Fail, a note for
// a failed one. Recording it proposes a work item per failed check (lib/recon/record-inspection.ts);
// staff then estimate them with "Edit". A site without a checklist says so, and an admin gets the link
// to set it up. The latest inspection is named under the button.
import Link from "next/link";
import { useRef, useState } from "react";
import type { RunChange } from "@/components/kanban/work-items-section";
import { InspectionForm } from "@/components/kanban/inspection-form";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/http/action-result";
import type { KanbanCardRecon } from "@/lib/prep-jobs/kanban/card-details";
import type { InspectionInput, InspectionSummary } from "@/lib/recon/inspection-schemas";

export type InspectAction = (input: InspectionInput) => Promise<ActionResult<unknown>>;

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
const who = (actor: string) => (actor.startsWith("user:") ? actor.slice(5) : actor);

export function InspectionPanel({
  recon,
  inspect,
  run,
}: {
  recon: KanbanCardRecon;
  inspect: InspectAction;
  run: RunChange;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The server's refusal, kept here: a checklist changed meanwhile is read again and the form starts over.
  const [refusal, setRefusal] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const { checklist, lastInspection, checklistSettingsHref } = recon;

  if (checklist.length === 0) {
    return (
      <p className="mt-3 text-sm text-slate-600" data-testid="no-checklist">
        This site has no inspection checklist yet.{" "}
        {checklistSettingsHref ? (
          <Link href={`${checklistSettingsHref}#inspection-checklist`} className="text-blue-700 underline">
            Set it up in the site&apos;s settings
          </Link>
        ) : (
          "An administrator sets it up in the site's settings."
        )}
      </p>
    );
  }
  function close(message: string | null) {
    setOpen(false);
    setRefusal(null);
    setDone(message);
    requestAnimationFrame(() => opener.current?.focus());
  }
  return (
    <div className="mt-3" data-testid="inspection">
      {open && refusal ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
      {open ? (
        <InspectionForm
          key={checklist.map((check) => check.id).join(" ")}
          checks={checklist}
          onCancel={() => close(null)}
          onSubmit={async (input) => {
            setRefusal(null);
            const failed = await run(() => inspect(input));
            if (failed) {
              setRefusal(failed.message);
              return false;
            }
            const failedCount = input.results.filter((result) => !result.passed).length;
            close(
              failedCount === 0
                ? "Inspection recorded: every check passed."
                : `Inspection recorded: ${failedCount} ${failedCount === 1 ? "item" : "items"} proposed. Estimate ${failedCount === 1 ? "it" : "them"} with “Edit”.`,
            );
            return true;
          }}
        />
      ) : (
        <Button ref={opener} variant="secondary" className="min-h-11" onClick={() => setOpen(true)}>
          Inspect
        </Button>
      )}
      <div role="status" className="empty:hidden">
        {done && !open ? <p className="mt-2 text-sm text-emerald-800">{done}</p> : null}
      </div>
      {lastInspection && !open ? <LastInspection inspection={lastInspection} /> : null}
    </div>
  );
}

function LastInspection({ inspection }: { inspection: InspectionSummary }) {
  return (
    <p className="mt-1.5 text-xs text-slate-600" data-testid="last-inspection">
      Last inspected {when(inspection.inspectedAt)} by {who(inspection.inspectedBy)}:{" "}
      {inspection.failed === 0
        ? `all ${inspection.checks} checks passed.`
        : `${inspection.failed} of ${inspection.checks} checks failed.`}
    </p>
  );
}
