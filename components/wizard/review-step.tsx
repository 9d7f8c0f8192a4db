"use client";
// Step 5: everything at a glance, each part with a way back to change it, and the last optional
// details (notes, who the movement is raised for, a reference).
import type { ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input, Textarea } from "@/components/ui/input";
import { NOTES_MAX } from "@/lib/movement-requests/schemas";
import { formatMoney } from "@/lib/movement-requests/money";
import { formatCalendarDate } from "@/lib/movement-requests/wizard/format";
import {
  codePointLength,
  describeDeliveryBy,
  describeReadyToCollect,
  TIMESLOT_LABEL,
} from "@/lib/movement-requests/wizard/live-rules";
import { quoteDispatchOptions } from "@/lib/movement-requests/wizard/quote-dispatch-options";
import { STEP_TITLES, type WizardInput, type WizardStep } from "@/lib/movement-requests/wizard/wizard-schema";
import { TRANSPORT_METHOD_LABEL } from "./dispatch-quote";
import { CustomerFields } from "./customer-fields";
import { blankToUndefined, Field } from "./field";
import { useWizardOptions } from "./wizard-context";

const text = { setValueAs: blankToUndefined };

export function ReviewStep({ onEdit }: { onEdit: (step: WizardStep) => void }) {
  const { register, control } = useFormContext<WizardInput>();
  const { options, now, siteById } = useWizardOptions();
  const values = useWatch({ control }) as WizardInput;
  const notesLength = codePointLength(values.notes);

  const origin = siteById(values.origin?.location?.siteId);
  const destination = siteById(values.destination?.location?.siteId);
  const ready = origin
    ? describeReadyToCollect(
        origin,
        {
          readyWhen: values.readyWhen,
          date: values.origin?.readyToCollectFromDate,
          timeslot: values.origin?.readyToCollectFromTimeslot,
        },
        now,
      )
    : undefined;
  const deadline = describeDeliveryBy(values.destination ?? {});
  const profile = options.profiles.find((candidate) => candidate.id === values.profileId);
  const { quotes } = quoteDispatchOptions({
    origin,
    destination,
    transportMethod: values.transportMethod ?? "DRIVEN",
    internalRateCards: options.internalRateCards,
    providers: profile?.providers ?? [],
  });
  const quote = quotes.find((candidate) =>
    values.dispatchTo === "planningPool"
      ? candidate.to === "planningPool"
      : candidate.to === "thirdPartyLogistics" &&
        candidate.providerId === values.thirdPartyLogisticsProviderId,
  );
  const vehicle = values.vehicle ?? {};
  const description = [vehicle.make, vehicle.model, vehicle.modelVariant].filter(Boolean).join(" ");
  const slotText = (slot: keyof typeof TIMESLOT_LABEL) => (slot === "ANYTIME" ? "any time" : slot);

  return (
    <div className="space-y-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <SummaryCard step="vehicle" onEdit={onEdit}>
          <Row label="VIN" value={vehicle.vin?.toUpperCase()} mono />
          <Row label="Registration" value={vehicle.vrm} mono />
          <Row label="Vehicle" value={description || undefined} />
          <Row label="Business area" value={values.businessArea} />
          <Row label="Stock reference" value={vehicle.externalVehicleId} />
        </SummaryCard>
        <SummaryCard step="dispatch" onEdit={onEdit}>
          <Row
            label="Travels"
            value={values.transportMethod ? TRANSPORT_METHOD_LABEL[values.transportMethod] : undefined}
          />
          <Row
            label="Sent to"
            value={quote ? (quote.to === "planningPool" ? "Planning pool" : quote.name) : undefined}
          />
          <Row
            label="Estimated cost"
            value={
              quote?.estimatedCost
                ? `${formatMoney(quote.estimatedCost)} (confirmed when created)`
                : "No estimate (no rate card for this method)"
            }
          />
          {options.profiles.length > 1 ? <Row label="Profile" value={profile?.name} /> : null}
          {values.dispatchTo === "thirdPartyLogistics" ? (
            <Row
              label="Provider may adjust"
              value={
                [
                  values.origin?.allowCollectionDateAdjustment ? "collection date" : null,
                  values.destination?.allowDeliveryDateAdjustment ? "delivery date" : null,
                ]
                  .filter(Boolean)
                  .join(" and ") || "neither date"
              }
            />
          ) : null}
        </SummaryCard>
        <SummaryCard step="origin" onEdit={onEdit}>
          <Row label="Collect from" value={origin ? `${origin.name} (${origin.code})` : undefined} />
          <Row
            label="Ready"
            value={
              ready
                ? `${values.readyWhen === "now" ? "Now, " : "From "}${formatCalendarDate(ready.date)}, ${
                    ready.reason === "readyNowUnknownZone"
                      ? "any time (the site's time zone is unknown)"
                      : slotText(ready.timeslot)
                  }`
                : undefined
            }
          />
          <Row label="Confirmed by" value={values.confirmedBy} />
        </SummaryCard>
        <SummaryCard step="destination" onEdit={onEdit}>
          <Row
            label="Deliver to"
            value={destination ? `${destination.name} (${destination.code})` : undefined}
          />
          <Row
            label="Deadline"
            value={
              values.destination?.deliveryByDate
                ? `${values.destination.deliverOnSpecifiedDate ? "On" : "By"} ${formatCalendarDate(
                    values.destination.deliveryByDate,
                  )}, ${slotText(deadline.timeslot)}${deadline.time ? `, by ${deadline.time}` : ""}`
                : undefined
            }
          />
        </SummaryCard>
      </div>

      <fieldset className="min-w-0 max-w-4xl space-y-4">
        <legend className="text-base font-semibold text-slate-900">Final details</legend>
        <Field
          path="notes"
          label="Notes for the carrier"
          optional
          hint="Where the keys are, access codes, anything the driver needs"
          feedback={
            <span
              data-testid="notes-counter"
              className={cn(
                "tabular-nums",
                notesLength > NOTES_MAX ? "font-medium text-red-700" : "text-slate-600",
              )}
            >
              {notesLength} / {NOTES_MAX} characters
              {notesLength > NOTES_MAX ? ` (${notesLength - NOTES_MAX} too many)` : ""}
            </span>
          }
        >
          {(control) => (
            <Textarea {...control} rows={4} {...register("notes", { setValueAs: emptyToUndefined })} />
          )}
        </Field>
        <div className="grid gap-x-6 gap-y-4 md:grid-cols-2">
          <Field
            path="requestedBy"
            label="Raised for (e-mail)"
            optional
            hint="Tracking and delivery e-mails go to this person instead of you"
          >
            {(control) => (
              <Input {...control} type="email" autoComplete="email" {...register("requestedBy", text)} />
            )}
          </Field>
          <Field path="externalId" label="Your reference" optional hint="An id from your own system">
            {(control) => <Input {...control} {...register("externalId", text)} maxLength={128} />}
          </Field>
        </div>
      </fieldset>
      <CustomerFields />
    </div>
  );
}

// Notes are kept as typed (spaces and line breaks count towards the limit, as the API counts them).
function emptyToUndefined(value: unknown): unknown {
  return value === "" ? undefined : value;
}

function SummaryCard({
  step,
  onEdit,
  children,
}: {
  step: WizardStep;
  onEdit: (step: WizardStep) => void;
  children: ReactNode;
}) {
  const headingId = `review-${step}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-2.5">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {STEP_TITLES[step]}
        </h3>
        <Button variant="ghost" size="sm" onClick={() => onEdit(step)}>
          Change<span className="sr-only"> {STEP_TITLES[step].toLowerCase()}</span>
        </Button>
      </div>
      <dl className="divide-y divide-slate-100 px-4 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, value, mono }: { label: string; value: string | undefined; mono?: boolean }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-4 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className={cn("min-w-0 break-words text-slate-900", mono && "font-mono")}>
        {value ?? <span className="text-slate-500">—</span>}
      </dd>
    </div>
  );
}
