"use client";
// What a dispatcher can do with one request: only the actions the transition table allows from its
// status (availableActions), each a server action calling the same domain function as the API.
// Results are said in words next to the controls; errors are the domain's own messages.
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState, useTransition, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  abortAction,
  acceptAction,
  assignAction,
  cancelAction,
  collectedAction,
  deliveredAction,
} from "@/app/(staff)/board/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/field-error";
import { Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import type { BoardDetail } from "@/lib/movement-requests/board/get-board-detail";
import { ABORT_DETAIL_MAX, abortedBody, ABORT_REASONS } from "@/lib/movement-requests/operations/schemas";
import { offeredActions } from "@/lib/movement-requests/board/offered-actions";
import { TERMINAL_STATUSES, type MovementRequestAction } from "@/lib/movement-requests/transitions";
import type { ActionResult } from "@/lib/http/action-result";

type Outcome = { tone: "success" | "danger"; text: string } | null;

const ABORT_REASON_LABEL: Record<(typeof ABORT_REASONS)[number], string> = {
  NotOnSite: "Vehicle not on site",
  NotReady: "Vehicle not ready",
  NeedsDifferentTransportMethod: "Needs a different transport method",
  CancelledTooLate: "Cancelled too late",
  Other: "Other",
};

/** Runs a server action; remembers what came of it, in words. */
function useRun() {
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = (action: () => Promise<ActionResult<unknown>>, success: string, after?: () => void) => {
    setOutcome(null);
    startTransition(async () => {
      try {
        const result = await action();
        if (result.ok) {
          setOutcome({ tone: "success", text: success });
          after?.();
        } else setOutcome({ tone: "danger", text: result.message });
      } catch {
        setOutcome({
          tone: "danger",
          text: "The server could not be reached. Check your connection and try again.",
        });
      }
    });
  };
  return { pending, outcome, run };
}

export function DetailActions({
  detail,
  drivers,
  today,
}: {
  detail: BoardDetail;
  drivers: BoardOptions["drivers"];
  today: string;
}) {
  const { row } = detail;
  const actions = offeredActions(detail);
  const { pending, outcome, run } = useRun();
  const has = (action: MovementRequestAction) => actions.has(action);
  const canAssign = has("planWithDriver") || has("offerToDrivers") || has("sendToThirdPartyLogistics");

  const outcomeAlert = outcome ? (
    <Alert tone={outcome.tone} role={outcome.tone === "danger" ? "alert" : "status"}>
      {outcome.text}
    </Alert>
  ) : null;

  if (actions.size === 0) {
    return (
      <div className="space-y-3">
        {outcomeAlert}
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {TERMINAL_STATUSES.includes(row.status)
            ? "This movement is finished: nothing more can be done with it."
            : "Nothing can be done with this movement in its current state."}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {outcomeAlert}
      {/* The controls start afresh on every new version of the request; the outcome above stays. */}
      <div key={detail.version} className="space-y-3">
        {canAssign ? (
          <AssignForm
            key={`${row.id}-${row.status}`}
            detail={detail}
            drivers={drivers}
            allowed={{
              plan: has("planWithDriver"),
              offer: has("offerToDrivers"),
              send: has("sendToThirdPartyLogistics"),
            }}
            pending={pending}
            onSubmit={(body, message) => run(() => assignAction(row.id, body), message)}
          />
        ) : null}
        <div className="flex flex-wrap items-end gap-2">
          {has("accept") ? (
            <AcceptControl
              detail={detail}
              drivers={drivers}
              pending={pending}
              onAccept={(body) => run(() => acceptAction(row.id, body), "Acceptance recorded.")}
            />
          ) : null}
          {has("collect") ? (
            <LegDateControl
              label="Mark collected"
              dateLabel="Collected on"
              today={today}
              pending={pending}
              onSubmit={(on) =>
                run(() => collectedAction(row.id, on ? { on } : undefined), "Collection recorded.")
              }
            />
          ) : null}
          {has("deliver") ? (
            <LegDateControl
              label="Mark delivered"
              dateLabel="Delivered on"
              today={today}
              pending={pending}
              onSubmit={(on) =>
                run(() => deliveredAction(row.id, on ? { on } : undefined), "Delivery recorded.")
              }
            />
          ) : null}
        </div>
        {has("abort") || has("cancel") ? (
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
            {has("abort") ? (
              <AbortControl
                pending={pending}
                onAbort={(body) => run(() => abortAction(row.id, body), "The movement was aborted.")}
              />
            ) : null}
            {has("cancel") ? (
              <CancelControl
                pending={pending}
                onCancel={(reason) =>
                  run(
                    () => cancelAction(row.id, reason ? { reason } : undefined),
                    "The movement was cancelled.",
                  )
                }
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

type AssignMode = "plan" | "offer" | "send";

function AssignForm({
  detail,
  drivers,
  allowed,
  pending,
  onSubmit,
}: {
  detail: BoardDetail;
  drivers: BoardOptions["drivers"];
  allowed: Record<AssignMode, boolean>;
  pending: boolean;
  onSubmit: (body: Record<string, string>, message: string) => void;
}) {
  const id = useId();
  const modes = (["plan", "offer", "send"] as const).filter((mode) => allowed[mode]);
  const [mode, setMode] = useState<AssignMode>(modes[0] ?? "plan");
  const [choice, setChoice] = useState("");
  const options = mode === "send" ? detail.providers : drivers;
  const modeLabel: Record<AssignMode, string> = {
    plan: "Plan with driver",
    offer: "Offer to driver",
    send: "Send to partner",
  };
  const submit = () => {
    const name = options.find((option) => option.id === choice)?.name ?? "";
    if (mode === "plan") onSubmit({ driverId: choice }, `Planned with ${name}.`);
    else if (mode === "offer") onSubmit({ offerToDriverId: choice }, `Offered to ${name}.`);
    else onSubmit({ thirdPartyLogisticsProviderId: choice }, `Sent to ${name}.`);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) submit();
      }}
      className="rounded-lg border border-slate-200 bg-slate-50 p-3"
      aria-labelledby={`${id}-title`}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          Assign
        </h3>
        {modes.length > 1 ? (
          <div
            role="radiogroup"
            aria-label="How to assign"
            className="inline-flex rounded-md bg-slate-200/70 p-0.5"
          >
            {modes.map((candidate) => (
              <label
                key={candidate}
                className={cn(
                  "cursor-pointer rounded px-2 py-1 text-xs font-medium text-slate-700 has-focus-visible:outline-2 has-focus-visible:outline-blue-600",
                  mode === candidate && "bg-white text-slate-900 shadow-sm",
                )}
              >
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={candidate}
                  checked={mode === candidate}
                  onChange={() => {
                    setMode(candidate);
                    setChoice("");
                  }}
                  className="sr-only"
                />
                {modeLabel[candidate]}
              </label>
            ))}
          </div>
        ) : (
          <span className="text-xs text-slate-600">{modeLabel[mode]}</span>
        )}
      </div>
      <div className="flex gap-2">
        <label htmlFor={`${id}-choice`} className="sr-only">
          {mode === "send" ? "Logistics partner" : "Driver"}
        </label>
        <Select
          id={`${id}-choice`}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          className="min-w-0 flex-1"
        >
          <option value="">{mode === "send" ? "Choose a logistics partner…" : "Choose a driver…"}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </Select>
        <Button type="submit" disabled={!choice} loading={pending}>
          {mode === "plan" ? "Plan" : mode === "offer" ? "Offer" : "Send"}
        </Button>
      </div>
      {mode === "send" && detail.providers.length === 0 ? (
        <p className="mt-2 text-xs text-slate-600">
          No logistics partner configured for this request&apos;s integration carries{" "}
          {detail.row.transportMethod.toLowerCase()} movements.
        </p>
      ) : null}
    </form>
  );
}

function AcceptControl({
  detail,
  drivers,
  pending,
  onAccept,
}: {
  detail: BoardDetail;
  drivers: BoardOptions["drivers"];
  pending: boolean;
  onAccept: (body: { driverId: string } | undefined) => void;
}) {
  const id = useId();
  const [driverId, setDriverId] = useState("");
  const status = detail.row.status;
  if (status === "SENT_TO_MULTIPLE_DRIVERS") {
    return (
      <div className="flex items-end gap-2">
        <div>
          <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
            Accepted by
          </label>
          <Select
            id={id}
            value={driverId}
            onChange={(event) => setDriverId(event.target.value)}
            className="w-48"
          >
            <option value="">Choose the driver…</option>
            {drivers.map((driver) => (
              <option key={driver.id} value={driver.id}>
                {driver.name}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={() => onAccept({ driverId })} disabled={!driverId} loading={pending}>
          Record acceptance
        </Button>
      </div>
    );
  }
  return (
    <Button onClick={() => onAccept(undefined)} loading={pending}>
      {status === "CREATED" ? "Accept for planning" : "Record acceptance"}
    </Button>
  );
}

function LegDateControl({
  label,
  dateLabel,
  today,
  pending,
  onSubmit,
}: {
  label: string;
  dateLabel: string;
  today: string;
  pending: boolean;
  onSubmit: (on: string | undefined) => void;
}) {
  const id = useId();
  const [on, setOn] = useState("");
  return (
    <div className="flex items-end gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
          {dateLabel} <span className="font-normal text-slate-500">(default today)</span>
        </label>
        <Input
          id={id}
          type="date"
          value={on}
          max={today}
          onChange={(event) => setOn(event.target.value)}
          className="w-40"
        />
      </div>
      <Button onClick={() => onSubmit(on || undefined)} loading={pending}>
        {label}
      </Button>
    </div>
  );
}

type AbortInput = z.input<typeof abortedBody>;
type AbortOutput = z.output<typeof abortedBody>;

function AbortControl({ pending, onAbort }: { pending: boolean; onAbort: (body: AbortOutput) => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const form = useForm<AbortInput, unknown, AbortOutput>({
    resolver: zodResolver(abortedBody),
    defaultValues: { reason: undefined, detail: "" } as unknown as AbortInput,
  });
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} className="text-red-700">
        Abort…
      </Button>
    );
  }
  const { errors } = form.formState;
  return (
    <ConfirmBox title="Abort this movement" onClose={() => setOpen(false)}>
      <form
        noValidate
        onSubmit={form.handleSubmit((body) =>
          onAbort({ reason: body.reason, ...(body.detail ? { detail: body.detail } : {}) }),
        )}
        className="space-y-2"
      >
        <div>
          <label htmlFor={`${id}-reason`} className="mb-1 block text-xs font-medium text-slate-700">
            Reason
          </label>
          <Select
            id={`${id}-reason`}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            {...form.register("reason")}
          >
            <option value="">Choose a reason…</option>
            {ABORT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {ABORT_REASON_LABEL[reason]}
              </option>
            ))}
          </Select>
          <FieldError id={`${id}-reason-error`}>
            {errors.reason ? "Choose why the movement is aborted." : null}
          </FieldError>
        </div>
        <div>
          <label htmlFor={`${id}-detail`} className="mb-1 block text-xs font-medium text-slate-700">
            Detail{" "}
            <span className="font-normal text-slate-500">
              (optional, for staff only — never sent to integrations)
            </span>
          </label>
          <Textarea
            id={`${id}-detail`}
            rows={2}
            maxLength={ABORT_DETAIL_MAX}
            aria-invalid={errors.detail ? true : undefined}
            aria-describedby={errors.detail ? `${id}-detail-error` : undefined}
            {...form.register("detail")}
          />
          <FieldError id={`${id}-detail-error`}>{errors.detail?.message}</FieldError>
        </div>
        <Button type="submit" variant="danger" loading={pending}>
          Abort movement
        </Button>
      </form>
    </ConfirmBox>
  );
}

function CancelControl({ pending, onCancel }: { pending: boolean; onCancel: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const id = useId();
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} className="text-red-700">
        Cancel movement…
      </Button>
    );
  }
  return (
    <ConfirmBox title="Cancel this movement" onClose={() => setOpen(false)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onCancel(reason.trim());
        }}
        className="space-y-2"
      >
        <div>
          <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
            Reason <span className="font-normal text-slate-500">(optional, kept in the audit trail)</span>
          </label>
          <Input id={id} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </div>
        <Button type="submit" variant="danger" loading={pending}>
          Cancel movement
        </Button>
      </form>
    </ConfirmBox>
  );
}

function ConfirmBox({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="w-full rounded-lg border border-red-200 bg-red-50/40 p-3">
      <div className="mb-2 flex items-center justify-between">
        <h3 id={id} className="text-sm font-semibold text-red-900">
          {title}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Keep it
        </Button>
      </div>
      {children}
    </section>
  );
}
