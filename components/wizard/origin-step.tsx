"use client";
// Step 2: where the vehicle is collected from and when it is ready. "Ready now" is worked out at the
// origin site's clock, as the API will do it, and shown before the request is sent.
import { useFormContext, useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { CONFIRMED_BY_MAX } from "@/lib/movement-requests/schemas";
import { formatCalendarDate } from "@/lib/movement-requests/wizard/format";
import { describeReadyToCollect, TIMESLOT_LABEL } from "@/lib/movement-requests/wizard/live-rules";
import type { WizardInput } from "@/lib/movement-requests/wizard/wizard-schema";
import { ChoiceCard } from "./choice-card";
import { blankToUndefined, Field, FieldGroup, fieldId } from "./field";
import { RuleNote } from "./rule-note";
import { SiteSelect, SiteSummary } from "./site-select";
import { useWizardOptions } from "./wizard-context";

const text = { setValueAs: blankToUndefined };

export function OriginStep() {
  const { register, control } = useFormContext<WizardInput>();
  const { now, siteById } = useWizardOptions();
  const [siteId, readyWhen, date, timeslot] = useWatch({
    control,
    name: [
      "origin.location.siteId",
      "readyWhen",
      "origin.readyToCollectFromDate",
      "origin.readyToCollectFromTimeslot",
    ],
  });
  const site = siteById(siteId);
  const rule = site ? describeReadyToCollect(site, { readyWhen, date, timeslot }, now) : undefined;

  return (
    <div className="space-y-6">
      <Field path="origin.location.siteId" label="Collect from">
        {(control) => (
          <>
            <SiteSelect {...control} {...register("origin.location.siteId", text)} className="max-w-xl" />
            <SiteSummary site={site} now={now} />
          </>
        )}
      </Field>

      <FieldGroup path="readyWhen" legend="When is the vehicle ready?">
        <div className="grid max-w-3xl gap-3 md:grid-cols-2">
          <ChoiceCard
            title="Ready now"
            description="Today, from the slot the site's clock is in"
            inputProps={{
              ...register("readyWhen"),
              value: "now",
              id: fieldId("readyWhen"),
              "data-field": "readyWhen",
            }}
          />
          <ChoiceCard
            title="Ready from a date"
            description="A later date, optionally a morning or afternoon slot"
            inputProps={{ ...register("readyWhen"), value: "later" }}
          />
        </div>
      </FieldGroup>

      {readyWhen === "later" ? (
        <div className="grid max-w-3xl gap-x-6 gap-y-4 md:grid-cols-2">
          <Field path="origin.readyToCollectFromDate" label="Ready from">
            {(control) => (
              <Input {...control} type="date" {...register("origin.readyToCollectFromDate", text)} />
            )}
          </Field>
          <Field
            path="origin.readyToCollectFromTimeslot"
            label="Slot"
            optional
            hint="Leave it to let the date decide"
          >
            {(control) => (
              <Select {...control} {...register("origin.readyToCollectFromTimeslot", text)}>
                <option value="">Not specified</option>
                <option value="ANYTIME">{TIMESLOT_LABEL.ANYTIME}</option>
                <option value="AM">{TIMESLOT_LABEL.AM}</option>
                <option value="PM">{TIMESLOT_LABEL.PM}</option>
              </Select>
            )}
          </Field>
        </div>
      ) : null}

      <ReadyRule rule={rule} siteName={site?.name} />

      <Field
        path="confirmedBy"
        label="Confirmed on site by"
        optional
        hint="Who confirmed the vehicle is on site and available for collection"
        className="max-w-xl"
      >
        {(control) => (
          <Input
            {...control}
            {...register("confirmedBy", text)}
            maxLength={CONFIRMED_BY_MAX}
            autoComplete="name"
          />
        )}
      </Field>
    </div>
  );
}

function ReadyRule({
  rule,
  siteName,
}: {
  rule: ReturnType<typeof describeReadyToCollect> | undefined;
  siteName: string | undefined;
}) {
  if (!rule || !siteName) {
    return (
      <RuleNote title="Ready to collect">Choose the site to see when the vehicle can be collected.</RuleNote>
    );
  }
  const slot =
    rule.reason === "readyNowUnknownZone"
      ? "any time (the site's time zone is unknown)"
      : rule.timeslot === "ANYTIME"
        ? "any time"
        : TIMESLOT_LABEL[rule.timeslot];
  const when = `${formatCalendarDate(rule.date)}, ${slot}`;
  const why = {
    readyNow: `Today at ${siteName}, in the slot its clock is in now.`,
    readyNowUnknownZone: "Its country has several time zones, so “today” is the date in UTC.",
    dateToday: "That date is today at the site, so the vehicle is ready now: the current slot applies.",
    dateOnly: "A date without a slot means ready all that day.",
    explicitSlot: "The slot you chose.",
  }[rule.reason];
  return (
    <RuleNote title="Ready to collect" testId="ready-rule">
      <span className="font-medium text-slate-900">{when}</span>
      <span className="block">{why}</span>
    </RuleNote>
  );
}
