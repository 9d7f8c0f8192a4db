"use client";
// The review step's optional customer (the create body's write-only `customer`, docs/notifications.md):
// three boxes; left empty, the request has no customer and sends it nothing.
import { useFormContext } from "react-hook-form";
import { Input } from "@/components/ui/input";
import type { WizardInput } from "@/lib/movement-requests/wizard/wizard-schema";
import { blankToUndefined, Field } from "./field";

const text = { setValueAs: blankToUndefined };

export function CustomerFields() {
  const { register } = useFormContext<WizardInput>();
  return (
    <fieldset className="min-w-0 max-w-4xl space-y-4">
      <legend className="text-base font-semibold text-slate-900">Customer (optional)</legend>
      <p className="text-sm text-slate-600">
        Told when the vehicle is on its way, running late, arriving and delivered, by e-mail and text message,
        as your message settings say. Never shown to anyone else. The mobile with its country code:
        +447700900123.
      </p>
      <div className="grid gap-x-6 gap-y-4 md:grid-cols-3">
        <Field path="customer.name" label="Customer's name" optional>
          {(control) => (
            <Input {...control} autoComplete="off" maxLength={200} {...register("customer.name", text)} />
          )}
        </Field>
        <Field path="customer.email" label="Customer's e-mail" optional>
          {(control) => (
            <Input {...control} type="email" autoComplete="off" {...register("customer.email", text)} />
          )}
        </Field>
        <Field path="customer.phone" label="Customer's mobile" optional>
          {(control) => (
            <Input {...control} type="tel" autoComplete="off" {...register("customer.phone", text)} />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
