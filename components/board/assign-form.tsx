"use client";
// Assigning a request: plan it with one of the organisation's drivers, offer it to a driver, or send
// it to a logistics partner (whichever of these its status allows).
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Select } from "@/components/ui/select";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import type { BoardDetail } from "@/lib/movement-requests/board/get-board-detail";

export type AssignMode = "plan" | "offer" | "send";

export function AssignForm({
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
    <HydratedForm
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) submit();
      }}
      className="rounded-lg border border-slate-200 bg-slate-50 p-3"
      aria-labelledby={`${id}-title`}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          Assign
        </h3>
        {modes.length > 1 ? (
          <div
            role="radiogroup"
            aria-label="How to assign"
            className="inline-flex flex-wrap rounded-md bg-slate-200/70 p-0.5"
          >
            {modes.map((candidate) => (
              <label
                key={candidate}
                className={cn(
                  "flex cursor-pointer items-center rounded px-2 py-1 text-xs pointer-coarse:min-h-10 font-medium text-slate-700 has-focus-visible:outline-2 has-focus-visible:outline-blue-600",
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
    </HydratedForm>
  );
}
