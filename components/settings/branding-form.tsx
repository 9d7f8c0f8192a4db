"use client";
// The organisation's tracking-page branding: a logo address and a colour, with a preview of the
// tracking page's header. Checked by the same schema in the browser and on the server.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { BrandHeader } from "@/components/tracking/brand-header";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/http/action-result";
import { brandingInput, type Branding } from "@/lib/schemas/branding";

type Props = {
  initial: Branding & { name: string };
  saveAction: (input: unknown) => Promise<ActionResult<Branding>>;
};

export function BrandingForm({ initial, saveAction }: Props) {
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<z.input<typeof brandingInput>, unknown, Branding>({
    resolver: zodResolver(brandingInput),
    defaultValues: { logoUrl: initial.logoUrl ?? "", colour: initial.colour ?? "" },
  });
  const { errors } = form.formState;
  const preview = brandingInput.safeParse(useWatch({ control: form.control }));

  const submit = form.handleSubmit((values) =>
    startTransition(async () => {
      const result = await saveAction(values);
      if (result.ok) return setOutcome({ ok: true, message: "Saved: tracking pages show it from now on." });
      for (const [field, message] of Object.entries(result.fieldErrors ?? {}))
        if (field === "logoUrl" || field === "colour") form.setError(field, { message });
      setOutcome({ ok: false, message: result.message });
    }),
  );

  return (
    <div className="grid max-w-3xl gap-6">
      <Card>
        <CardHeader
          title="Tracking page"
          description="Both are optional; leave a field empty to remove it."
        />
        <CardBody>
          <HydratedForm onSubmit={submit} className="space-y-4" noValidate>
            <div>
              <Label htmlFor="brand-logo">Logo address (https)</Label>
              <Input
                id="brand-logo"
                type="url"
                inputMode="url"
                className="mt-1.5"
                placeholder="https://www.example.com/logo.png"
                aria-invalid={errors.logoUrl ? true : undefined}
                aria-describedby={errors.logoUrl ? "brand-logo-error" : undefined}
                {...form.register("logoUrl")}
              />
              <FieldError id="brand-logo-error">{errors.logoUrl?.message}</FieldError>
            </div>
            <div>
              <Label htmlFor="brand-colour">Brand colour</Label>
              <Input
                id="brand-colour"
                className="mt-1.5 max-w-40 font-mono"
                placeholder="#0F766E"
                aria-invalid={errors.colour ? true : undefined}
                aria-describedby={errors.colour ? "brand-colour-error" : undefined}
                {...form.register("colour")}
              />
              <FieldError id="brand-colour-error">{errors.colour?.message}</FieldError>
            </div>
            <div role="status" className="empty:hidden">
              {outcome ? <Alert tone={outcome.ok ? "success" : "danger"}>{outcome.message}</Alert> : null}
            </div>
            <Button type="submit" loading={pending}>
              Save branding
            </Button>
          </HydratedForm>
        </CardBody>
      </Card>
      <section aria-labelledby="brand-preview" className="overflow-hidden rounded-xl border border-slate-200">
        <h2 id="brand-preview" className="bg-white px-4 py-2 text-sm font-medium text-slate-600">
          Preview
        </h2>
        <BrandHeader
          organisation={{
            name: initial.name,
            logoUrl: preview.success ? preview.data.logoUrl : null,
            colour: preview.success ? preview.data.colour : null,
          }}
        />
      </section>
    </div>
  );
}
