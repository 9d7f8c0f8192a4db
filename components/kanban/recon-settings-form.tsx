"use client";
// A prep site's recon settings (docs/recon.md): the labour rate that prices an estimate's hours, the
// currency it estimates in, the threshold under which a submitted item is approved at once, and whether a
// job may move to Outbound with items open. Money in pounds (or the site's currency) here, in minor units
// on the server, which checks the one schema (reconSiteSettingsInput).
import { useId, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toMinor, toTyped } from "@/components/ui/money";
import { Select } from "@/components/ui/select";
import type { ActionResult } from "@/lib/http/action-result";
import type { OutboundWithOpenItems } from "@/lib/generated/prisma/enums";
import type { ReconSettings } from "@/lib/recon/recon-settings";

const POLICY_LABEL: Record<OutboundWithOpenItems, string> = {
  ALLOW: "Let it go",
  WARN_AND_RECORD: "Warn, and record who moved it",
  BLOCK: "Refuse the move",
};

type FormValues = {
  labourRate: string;
  currency: string;
  autoApproveBelow: string;
  outbound: OutboundWithOpenItems;
};

/** Minor units from what was typed; left as typed when it is none, for the schema to refuse. */
const minor = (text: string, currency: string) => toMinor(text, currency) ?? text;

function toFormValues(settings: ReconSettings): FormValues {
  return {
    labourRate: settings.labourRateCents === null ? "" : toTyped(settings.labourRateCents, settings.currency),
    currency: settings.currency,
    autoApproveBelow: toTyped(settings.autoApproveBelowCents, settings.currency),
    outbound: settings.outboundWithOpenItems,
  };
}

const FIELD_OF: Record<string, keyof FormValues> = {
  labourRateCents: "labourRate",
  currency: "currency",
  autoApproveBelowCents: "autoApproveBelow",
  outboundWithOpenItems: "outbound",
};

export function ReconSettingsForm({
  siteId,
  initial,
  save,
}: {
  siteId: string;
  initial: ReconSettings;
  save: (siteId: string, input: unknown) => Promise<ActionResult<ReconSettings>>;
}) {
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const form = useForm<FormValues>({ defaultValues: toFormValues(initial) });
  const described = (field: keyof FormValues) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {};

  const submit = form.handleSubmit((values) =>
    startTransition(async () => {
      const result = await save(siteId, {
        labourRateCents: values.labourRate.trim() === "" ? null : minor(values.labourRate, initial.currency),
        currency: values.currency.trim().toUpperCase(),
        autoApproveBelowCents: minor(values.autoApproveBelow, initial.currency),
        outboundWithOpenItems: values.outbound,
      });
      if (result.ok) {
        form.reset(toFormValues(result.data));
        setErrors({});
        setOutcome({ ok: true, message: "Saved: new estimates and approvals at this site use these." });
        return;
      }
      setErrors(
        Object.fromEntries(
          Object.entries(result.fieldErrors ?? {}).map(([path, message]) => [
            FIELD_OF[path] ?? path,
            message,
          ]),
        ),
      );
      setOutcome({ ok: false, message: result.message });
    }),
  );

  return (
    <Card className="mt-6 max-w-4xl">
      <CardHeader
        title="Reconditioning"
        description="How this site prices and approves work items, and what happens to a job leaving with items open."
      />
      <CardBody>
        <HydratedForm onSubmit={submit} noValidate className="space-y-5" aria-label="Reconditioning settings">
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <Label htmlFor={`${id}-labourRate`}>Labour rate per hour</Label>
              <Input
                id={`${id}-labourRate`}
                inputMode="decimal"
                autoComplete="off"
                className="mt-1.5"
                placeholder="None"
                {...described("labourRate")}
                {...form.register("labourRate")}
              />
              <p className="mt-1 text-sm text-slate-600">Empty: estimates have no labour lines.</p>
              <FieldError id={`${id}-labourRate-error`}>{errors.labourRate}</FieldError>
            </div>
            <div>
              <Label htmlFor={`${id}-currency`}>Currency</Label>
              <Input
                id={`${id}-currency`}
                autoComplete="off"
                maxLength={3}
                className="mt-1.5 max-w-24 uppercase"
                {...described("currency")}
                {...form.register("currency")}
              />
              <FieldError id={`${id}-currency-error`}>{errors.currency}</FieldError>
            </div>
            <div>
              <Label htmlFor={`${id}-autoApproveBelow`}>Approve at once below</Label>
              <Input
                id={`${id}-autoApproveBelow`}
                inputMode="decimal"
                autoComplete="off"
                className="mt-1.5"
                {...described("autoApproveBelow")}
                {...form.register("autoApproveBelow")}
              />
              <p className="mt-1 text-sm text-slate-600">0: every item waits for a manager.</p>
              <FieldError id={`${id}-autoApproveBelow-error`}>{errors.autoApproveBelow}</FieldError>
            </div>
          </div>
          <div>
            <Label htmlFor={`${id}-outbound`}>A job moved to Outbound with items still open</Label>
            <Select
              id={`${id}-outbound`}
              className="mt-1.5 max-w-sm"
              {...described("outbound")}
              {...form.register("outbound")}
            >
              {(Object.keys(POLICY_LABEL) as OutboundWithOpenItems[]).map((policy) => (
                <option key={policy} value={policy}>
                  {POLICY_LABEL[policy]}
                </option>
              ))}
            </Select>
            <FieldError id={`${id}-outbound-error`}>{errors.outbound}</FieldError>
          </div>
          <div role="status" className="empty:hidden">
            {outcome ? <Alert tone={outcome.ok ? "success" : "danger"}>{outcome.message}</Alert> : null}
          </div>
          <Button type="submit" loading={pending}>
            Save reconditioning settings
          </Button>
        </HydratedForm>
      </CardBody>
    </Card>
  );
}
