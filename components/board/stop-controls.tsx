"use client";
// Stopping a request: abort it (a reason from the API's list, a staff-only detail) or cancel it (an
// optional reason), each behind a confirmation box so that one click never does it.
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { ABORT_DETAIL_MAX, abortedBody } from "@/lib/movement-requests/operations/schemas";
import { ABORT_REASONS } from "@/lib/schemas/movement-wire";

const ABORT_REASON_LABEL: Record<(typeof ABORT_REASONS)[number], string> = {
  NotOnSite: "Vehicle not on site",
  NotReady: "Vehicle not ready",
  NeedsDifferentTransportMethod: "Needs a different transport method",
  CancelledTooLate: "Cancelled too late",
  Other: "Other",
};

type AbortInput = z.input<typeof abortedBody>;
type AbortOutput = z.output<typeof abortedBody>;

export function AbortControl({
  pending,
  onAbort,
}: {
  pending: boolean;
  onAbort: (body: AbortOutput) => void;
}) {
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
      <HydratedForm
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
      </HydratedForm>
    </ConfirmBox>
  );
}

export function CancelControl({
  pending,
  onCancel,
}: {
  pending: boolean;
  onCancel: (reason: string) => void;
}) {
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
      <HydratedForm
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
      </HydratedForm>
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
