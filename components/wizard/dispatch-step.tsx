"use client";
// Step 4: how the vehicle travels and who takes the request: the planning pool, or one of the 3PLs
// configured for the profile. Each choice shows whether it can carry the transport method and its
// estimated cost, priced exactly as the server will price it (the server's estimate is the one kept).
import { Fragment, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";
import { TransportMethod } from "@/lib/generated/prisma/enums";
import { formatDistanceKm } from "@/lib/movement-requests/wizard/format";
import { quoteDispatchOptions } from "@/lib/movement-requests/wizard/quote-dispatch-options";
import type { WizardInput } from "@/lib/movement-requests/wizard/wizard-schema";
import { ChoiceCard } from "./choice-card";
import { QuoteDescription, QuotePrice, TRANSPORT_METHOD_LABEL } from "./dispatch-quote";
import { Field, FieldGroup, fieldId } from "./field";
import { RuleNote } from "./rule-note";
import { useWizardOptions } from "./wizard-context";

const TRANSPORT_METHOD_DESCRIPTION: Record<TransportMethod, string> = {
  DRIVEN: "A driver drives it on trade plates",
  TRANSPORTED: "Carried on a car transporter",
};

const POOL = "planningPool";

export function DispatchStep() {
  const { register, control, getValues, setValue, getFieldState, trigger } = useFormContext<WizardInput>();
  const { options, siteById } = useWizardOptions();
  const [transportMethod, profileId, dispatchTo, providerId] = useWatch({
    control,
    name: ["transportMethod", "profileId", "dispatchTo", "thirdPartyLogisticsProviderId"],
  });
  const [dropped, setDropped] = useState<string | null>(null);

  const profile = options.profiles.find((candidate) => candidate.id === profileId) ?? options.profiles[0];
  const origin = siteById(getValues("origin.location.siteId"));
  const destination = siteById(getValues("destination.location.siteId"));
  const { distanceKm, quotes } = quoteDispatchOptions({
    origin,
    destination,
    transportMethod: transportMethod ?? "DRIVEN",
    internalRateCards: options.internalRateCards,
    providers: profile?.providers ?? [],
  });
  const chosen = dispatchTo === POOL ? POOL : providerId;

  // A provider chosen earlier that cannot carry the new method (or is not the new profile's) is let go,
  // and the dispatcher is told why.
  const keepProviderIfAble = (next: { transportMethod?: TransportMethod; profileId?: string }) => {
    const current = getValues("thirdPartyLogisticsProviderId");
    if (getValues("dispatchTo") !== "thirdPartyLogistics" || !current) return;
    const nextProfile = options.profiles.find((candidate) => candidate.id === (next.profileId ?? profileId));
    const provider = nextProfile?.providers.find((candidate) => candidate.id === current);
    const method = next.transportMethod ?? transportMethod;
    if (provider && provider.transportMethods.includes(method)) return;
    setValue("thirdPartyLogisticsProviderId", undefined);
    setDropped(
      provider
        ? `${provider.name} does not carry ${TRANSPORT_METHOD_LABEL[method].toLowerCase()} vehicles: choose another provider or the planning pool.`
        : "The provider you chose is not configured for this profile: choose another.",
    );
  };

  const choose = (value: string) => {
    setDropped(null);
    const pool = value === POOL;
    setValue("dispatchTo", pool ? "planningPool" : "thirdPartyLogistics", { shouldDirty: true });
    setValue("thirdPartyLogisticsProviderId", pool ? undefined : value, { shouldDirty: true });
    // A "choose a provider" error (or the server's) goes as soon as a choice is made.
    if (getFieldState("thirdPartyLogisticsProviderId").error) {
      void trigger(["dispatchTo", "thirdPartyLogisticsProviderId"]);
    }
  };

  const firstSelectable = quotes.find((quote) => quote.canFulfil && quote.to === "thirdPartyLogistics");

  return (
    <div className="space-y-6">
      <FieldGroup path="transportMethod" legend="How does the vehicle travel?">
        <div className="grid max-w-3xl gap-3 md:grid-cols-2">
          {Object.values(TransportMethod).map((method, index) => (
            <ChoiceCard
              key={method}
              title={TRANSPORT_METHOD_LABEL[method]}
              description={TRANSPORT_METHOD_DESCRIPTION[method]}
              inputProps={{
                ...register("transportMethod", {
                  onChange: (event: { target: { value: TransportMethod } }) =>
                    keepProviderIfAble({ transportMethod: event.target.value }),
                }),
                value: method,
                id: index === 0 ? fieldId("transportMethod") : undefined,
                "data-field": index === 0 ? "transportMethod" : undefined,
              }}
            />
          ))}
        </div>
      </FieldGroup>

      {options.profiles.length > 1 ? (
        <Field
          path="profileId"
          label="Act for profile"
          hint="Each profile has its own 3PLs, webhooks and event log"
          className="max-w-xl"
        >
          {(control) => (
            <Select
              {...control}
              {...register("profileId", {
                onChange: (event: { target: { value: string } }) =>
                  keepProviderIfAble({ profileId: event.target.value }),
              })}
            >
              {options.profiles.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}

      <FieldGroup
        path="thirdPartyLogisticsProviderId"
        legend="Send the request to"
        hint={
          origin && destination && distanceKm !== undefined ? (
            <span className="inline-flex flex-wrap items-center gap-x-1.5">
              {origin.name} <ArrowRightIcon className="size-3.5" title="to" /> {destination.name} ·{" "}
              {formatDistanceKm(distanceKm)} in a straight line. Estimates are base price plus price per km.
            </span>
          ) : undefined
        }
      >
        <div className="grid max-w-4xl gap-3">
          {quotes.map((quote, position) => {
            const value = quote.to === "planningPool" ? POOL : quote.providerId;
            const isFirstProvider = quote.to === "thirdPartyLogistics" && quote === firstSelectable;
            const card = (
              <ChoiceCard
                key={value}
                title={quote.to === "planningPool" ? "Planning pool" : quote.name}
                description={<QuoteDescription quote={quote} transportMethod={transportMethod ?? "DRIVEN"} />}
                unavailable={
                  quote.canFulfil
                    ? undefined
                    : `Cannot carry ${TRANSPORT_METHOD_LABEL[transportMethod ?? "DRIVEN"].toLowerCase()} vehicles`
                }
                aside={<QuotePrice quote={quote} />}
                inputProps={{
                  name: "dispatchChoice",
                  value,
                  checked: chosen === value,
                  onChange: () => choose(value),
                  id:
                    quote.to === "planningPool"
                      ? fieldId("dispatchTo")
                      : `wizard-provider-${quote.providerId}`,
                  "data-field": isFirstProvider ? "thirdPartyLogisticsProviderId" : undefined,
                }}
              />
            );
            if (position !== 1) return card;
            return (
              <Fragment key={value}>
                <p className="mt-1 text-sm font-medium text-slate-700">
                  Or straight to a logistics partner
                  {options.profiles.length > 1 && profile ? ` of ${profile.name}` : ""}
                </p>
                {card}
              </Fragment>
            );
          })}
        </div>
      </FieldGroup>
      {dropped ? (
        <RuleNote tone="warning" title="Provider choice cleared">
          {dropped}
        </RuleNote>
      ) : null}

      {dispatchTo === "thirdPartyLogistics" ? (
        <fieldset className="min-w-0 max-w-4xl">
          <legend className="text-sm font-medium text-slate-800">The logistics provider may</legend>
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            <ChoiceCard
              type="checkbox"
              title="Adjust the collection date"
              description="Collect earlier or later than the ready date"
              inputProps={{
                ...register("origin.allowCollectionDateAdjustment"),
                id: fieldId("origin.allowCollectionDateAdjustment"),
              }}
            />
            <ChoiceCard
              type="checkbox"
              title="Adjust the delivery date"
              description="Deliver on another date than the deadline"
              inputProps={{
                ...register("destination.allowDeliveryDateAdjustment"),
                id: fieldId("destination.allowDeliveryDateAdjustment"),
              }}
            />
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
