"use client";
// Step 1: which vehicle. VIN and VRM are checked with the API's own schemas as they are typed.
import { useFormContext, useWatch } from "react-hook-form";
import { CheckCircleIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { BusinessArea } from "@/lib/generated/prisma/enums";
import { vinSchema, vrmSchema } from "@/lib/schemas/common";
import type { WizardInput } from "@/lib/movement-requests/wizard/wizard-schema";
import { ChoiceCard } from "./choice-card";
import { blankToUndefined, Field, FieldGroup, fieldId } from "./field";

const BUSINESS_AREA_DESCRIPTION: Record<BusinessArea, string> = {
  Retail: "Stock for sale to the public",
  Fleet: "Lease and fleet vehicles",
};

const text = { setValueAs: blankToUndefined };

export function VehicleStep() {
  const { register, control } = useFormContext<WizardInput>();
  const [vin, vrm] = useWatch({ control, name: ["vehicle.vin", "vehicle.vrm"] });
  return (
    <div className="space-y-6">
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">Identification</legend>
        <p className="mt-0.5 text-sm text-slate-600">Give the VIN, the registration mark, or both.</p>
        <div className="mt-3 grid gap-x-6 gap-y-4 md:grid-cols-2">
          <Field
            path="vehicle.vin"
            label="VIN"
            hint="17 letters and digits, without I, O or Q"
            feedback={<IdentifierFeedback value={vin} valid={isValid(vinSchema, vin)} what="VIN" />}
          >
            {(control) => (
              <Input
                {...control}
                {...register("vehicle.vin", text)}
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
                className="font-mono uppercase placeholder:normal-case"
                placeholder="e.g. WF0XXXGCDX1234567"
              />
            )}
          </Field>
          <Field
            path="vehicle.vrm"
            label="Registration mark (VRM)"
            hint="A UK registration, such as AB12 CDE"
            feedback={
              <IdentifierFeedback value={vrm} valid={isValid(vrmSchema, vrm)} what="UK registration mark" />
            }
          >
            {(control) => (
              <Input
                {...control}
                {...register("vehicle.vrm", text)}
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                className="font-mono"
                placeholder="e.g. AB12 CDE"
              />
            )}
          </Field>
        </div>
      </fieldset>

      <div className="grid gap-x-6 gap-y-4 md:grid-cols-3">
        <Field path="vehicle.make" label="Make" optional>
          {(control) => <Input {...control} {...register("vehicle.make", text)} maxLength={100} />}
        </Field>
        <Field path="vehicle.model" label="Model" optional>
          {(control) => <Input {...control} {...register("vehicle.model", text)} maxLength={100} />}
        </Field>
        <Field path="vehicle.modelVariant" label="Variant" optional>
          {(control) => <Input {...control} {...register("vehicle.modelVariant", text)} maxLength={200} />}
        </Field>
      </div>

      <div className="grid gap-x-6 gap-y-4 md:grid-cols-2">
        <FieldGroup path="businessArea" legend="Business area">
          <div className="grid grid-cols-2 gap-3">
            {Object.values(BusinessArea).map((area, index) => (
              <ChoiceCard
                key={area}
                title={area}
                description={BUSINESS_AREA_DESCRIPTION[area]}
                inputProps={{
                  ...register("businessArea"),
                  value: area,
                  id: index === 0 ? fieldId("businessArea") : undefined,
                  "data-field": index === 0 ? "businessArea" : undefined,
                }}
              />
            ))}
          </div>
        </FieldGroup>
        <Field
          path="vehicle.externalVehicleId"
          label="Stock reference"
          optional
          hint="Your own id for the vehicle; webhooks echo it as the reference"
        >
          {(control) => (
            <Input {...control} {...register("vehicle.externalVehicleId", text)} maxLength={128} />
          )}
        </Field>
      </div>
    </div>
  );
}

function isValid(schema: typeof vinSchema | typeof vrmSchema, value: string | undefined): boolean {
  return value !== undefined && schema.safeParse(value).success;
}

function IdentifierFeedback({
  value,
  valid,
  what,
}: {
  value: string | undefined;
  valid: boolean;
  what: string;
}) {
  if (!value || !valid) return null;
  return (
    <span className="inline-flex items-center gap-1.5 text-emerald-800">
      <CheckCircleIcon className="size-4 text-emerald-700" />
      Valid {what}
    </span>
  );
}
