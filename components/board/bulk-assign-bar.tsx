"use client";
// Bulk assign: plan every selected request with one driver. Each is planned on its own, so one that
// cannot be (its status, a collected leg) is listed with the reason and does not stop the others.
import { useId, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import type { BulkOutcome } from "@/lib/http/action-result";
import type { BoardActions } from "./board-actions";

export type BulkReport =
  { driver: string; outcomes: BulkOutcome[]; labels: Record<string, string> } | { error: string };

export function BulkAssignBar({
  selectedIds,
  drivers,
  labelFor,
  onDone,
  onClear,
  bulkAssign,
}: {
  selectedIds: string[];
  drivers: BoardOptions["drivers"];
  /** A selected row's vehicle, for the report (ids of rows on other pages stay ids). */
  labelFor: (id: string) => string;
  onDone: (succeeded: string[]) => void;
  onClear: () => void;
  bulkAssign: BoardActions["bulkAssign"];
}) {
  const id = useId();
  const [driverId, setDriverId] = useState("");
  const [report, setReport] = useState<BulkReport | null>(null);
  const [pending, startTransition] = useTransition();

  const assign = () => {
    const driver = drivers.find((candidate) => candidate.id === driverId)?.name ?? "the driver";
    setReport(null);
    startTransition(async () => {
      try {
        const result = await bulkAssign({ requestIds: selectedIds, driverId });
        if (!result.ok) return setReport({ error: result.message });
        const labels = Object.fromEntries(result.data.map((outcome) => [outcome.id, labelFor(outcome.id)]));
        setReport({ driver, outcomes: result.data, labels });
        onDone(result.data.filter((outcome) => outcome.ok).map((outcome) => outcome.id));
      } catch {
        setReport({ error: "The server could not be reached. Check your connection and try again." });
      }
    });
  };

  return (
    <div className="space-y-2">
      {selectedIds.length > 0 ? (
        <div
          role="region"
          aria-label="Selected movements"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm"
        >
          <span className="font-medium text-blue-950">{selectedIds.length} selected</span>
          <label htmlFor={id} className="text-blue-950">
            Plan with
          </label>
          <Select
            id={id}
            value={driverId}
            onChange={(event) => setDriverId(event.target.value)}
            className="w-52"
          >
            <option value="">Choose a driver…</option>
            {drivers.map((driver) => (
              <option key={driver.id} value={driver.id}>
                {driver.name}
              </option>
            ))}
          </Select>
          <Button onClick={assign} disabled={!driverId} loading={pending}>
            Assign {selectedIds.length}
          </Button>
          <Button variant="ghost" onClick={onClear}>
            Clear selection
          </Button>
        </div>
      ) : null}
      {report ? <BulkReportView report={report} onDismiss={() => setReport(null)} /> : null}
    </div>
  );
}

function BulkReportView({ report, onDismiss }: { report: BulkReport; onDismiss: () => void }) {
  const dismiss = (
    <Button variant="ghost" size="sm" onClick={onDismiss}>
      Dismiss
    </Button>
  );
  if ("error" in report) {
    return (
      <Alert tone="danger" actions={dismiss}>
        {report.error}
      </Alert>
    );
  }
  const failed = report.outcomes.filter(
    (outcome): outcome is Extract<BulkOutcome, { ok: false }> => !outcome.ok,
  );
  const planned = report.outcomes.length - failed.length;
  return (
    <Alert
      tone={failed.length === 0 ? "success" : planned === 0 ? "danger" : "warning"}
      title={`${planned} of ${report.outcomes.length} planned with ${report.driver}`}
      actions={dismiss}
    >
      {failed.length ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {failed.map((outcome) => (
            <li key={outcome.id}>
              <span className="font-mono font-medium">{report.labels[outcome.id] ?? outcome.id}</span>:{" "}
              {outcome.message}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
