"use client";
// Step 3: where the vehicle goes and by when. The specification's deadline rules are applied as the
// dispatcher types: a time sets the slot (before 12:00 AM, from 12:00 PM), an explicit slot wins over
// the time, and the time is kept as the delivery hours.
import { useFormContext, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { formatCalendarDate } from "@/lib/movement-requests/wizard/format";
import {
  describeDeliveryBy,
  describeReadyToCollect,
  TIMESLOT_LABEL,
} from "@/lib/movement-requests/wizard/live-rules";
import type { WizardInput } from "@/lib/movement-requests/wizard/wizard-schema";
import { ChoiceCard } from "./choice-card";
import { blankToUndefined, Field, fieldId } from "./field";
import { RuleNote } from "./rule-note";
import { SiteSelect, SiteSummary } from "./site-select";
import { useWizardOptions } from "./wizard-context";

const text = { setValueAs: blankToUndefined };

export function DestinationStep() {
  const { register, control, getValues } = useFormContext<WizardInput>();
  const { now, siteById } = useWizardOptions();
  const [siteId, date, time, timeslot, onSpecifiedDate] = useWatch({
    control,
    name: [
      "destination.location.siteId",
      "destination.deliveryByDate",
      "destination.deliveryByTime",
      "destination.deliveryByTimeslot",
      "destination.deliverOnSpecifiedDate",
    ],
  });
  const site = siteById(siteId);
  const deliveryBy = describeDeliveryBy({ deliveryByTime: time, deliveryByTimeslot: timeslot });

  const originSite = siteById(getValues("origin.location.siteId"));
  const ready = originSite
    ? describeReadyToCollect(
        originSite,
        {
          readyWhen: getValues("readyWhen"),
          date: getValues("origin.readyToCollectFromDate"),
          timeslot: getValues("origin.readyToCollectFromTimeslot"),
        },
        now,
      )
    : undefined;
  const sameSite = site && originSite && site.id === originSite.id;
  const beforeReady = date && ready && date < ready.date;

  return (
    <div className="space-y-6">
      <Field path="destination.location.siteId" label="Deliver to">
        {(control) => (
          <>
            <SiteSelect
              {...control}
              {...register("destination.location.siteId", text)}
              className="max-w-xl"
            />
            <SiteSummary site={site} now={now} />
          </>
        )}
      </Field>
      {sameSite ? (
        <RuleNote tone="warning" title="Same site">
          The vehicle is collected from and delivered to {site.name}. Check the destination.
        </RuleNote>
      ) : null}

      <div className="grid max-w-4xl gap-x-6 gap-y-4 md:grid-cols-3">
        <Field path="destination.deliveryByDate" label="Deliver by (date)">
          {(control) => <Input {...control} type="date" {...register("destination.deliveryByDate", text)} />}
        </Field>
        <Field
          path="destination.deliveryByTime"
          label="Deadline time"
          optional
          hint="24-hour clock; it sets the slot"
          feedback={
            deliveryBy.slotOfTime ? (
              <span className="inline-flex items-center gap-2 text-slate-700">
                <Badge tone={deliveryBy.slotOverridesTime ? "neutral" : "info"}>
                  {TIMESLOT_LABEL[deliveryBy.slotOfTime]}
                </Badge>
                {deliveryBy.slotOverridesTime ? <span>overridden by the slot</span> : null}
              </span>
            ) : null
          }
        >
          {(control) => <Input {...control} type="time" {...register("destination.deliveryByTime", text)} />}
        </Field>
        <Field
          path="destination.deliveryByTimeslot"
          label="Slot"
          optional
          hint={time ? "An explicit slot wins over the time" : "Leave it to let the time decide"}
        >
          {(control) => (
            <Select {...control} {...register("destination.deliveryByTimeslot", text)}>
              <option value="">
                {deliveryBy.slotOfTime ? `From the time (${deliveryBy.slotOfTime})` : "Not specified"}
              </option>
              <option value="ANYTIME">{TIMESLOT_LABEL.ANYTIME}</option>
              <option value="AM">{TIMESLOT_LABEL.AM}</option>
              <option value="PM">{TIMESLOT_LABEL.PM}</option>
            </Select>
          )}
        </Field>
      </div>

      <DeadlineRule date={date} rule={deliveryBy} onSpecifiedDate={Boolean(onSpecifiedDate)} />
      {beforeReady ? (
        <RuleNote tone="warning" title="Deadline before collection">
          The vehicle is only ready on {formatCalendarDate(ready.date)}, after this deadline.
        </RuleNote>
      ) : null}

      <div className="max-w-3xl">
        <ChoiceCard
          type="checkbox"
          title="Deliver on this date only"
          description="Not earlier: for a handover booked with a customer, for example"
          inputProps={{
            ...register("destination.deliverOnSpecifiedDate"),
            id: fieldId("destination.deliverOnSpecifiedDate"),
          }}
        />
      </div>
    </div>
  );
}

function DeadlineRule({
  date,
  rule,
  onSpecifiedDate,
}: {
  date: string | undefined;
  rule: ReturnType<typeof describeDeliveryBy>;
  onSpecifiedDate: boolean;
}) {
  const slot = rule.timeslot === "ANYTIME" ? "any time" : rule.timeslot;
  const why = {
    time: `${rule.time} is ${rule.timeslot === "AM" ? "before" : "from"} 12:00, so the slot is ${rule.timeslot}; ${rule.time} stays the delivery hours.`,
    explicitSlot: rule.slotOverridesTime
      ? `An explicit slot wins over the time: the slot is ${rule.timeslot}, and ${rule.time} stays the delivery hours.`
      : rule.time
        ? `The slot you chose; ${rule.time} stays the delivery hours.`
        : "The slot you chose.",
    default: "Without a time or a slot, delivery may be at any time that day.",
  }[rule.source];
  return (
    <RuleNote title="Delivery deadline" testId="deadline-rule">
      <span className="font-medium text-slate-900">
        {date ? `${onSpecifiedDate ? "On" : "By"} ${formatCalendarDate(date)}` : "Date not chosen yet"},{" "}
        {slot}
        {rule.time ? `, by ${rule.time}` : ""}
      </span>
      <span className="block">{why}</span>
    </RuleNote>
  );
}
