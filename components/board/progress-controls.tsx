"use client";
// Moving a request forward: recording the carrier's acceptance, a collection, a delivery (on a date
// given, or today).
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import type { BoardDetail } from "@/lib/movement-requests/board/get-board-detail";

export function AcceptControl({
  detail,
  drivers,
  pending,
  onAccept,
}: {
  detail: BoardDetail;
  drivers: BoardOptions["drivers"];
  pending: boolean;
  onAccept: (body: { driverId: string } | undefined) => void;
}) {
  const id = useId();
  const [driverId, setDriverId] = useState("");
  const status = detail.row.status;
  if (status === "SENT_TO_MULTIPLE_DRIVERS") {
    return (
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
            Accepted by
          </label>
          <Select
            id={id}
            value={driverId}
            onChange={(event) => setDriverId(event.target.value)}
            className="w-48"
          >
            <option value="">Choose the driver…</option>
            {drivers.map((driver) => (
              <option key={driver.id} value={driver.id}>
                {driver.name}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={() => onAccept({ driverId })} disabled={!driverId} loading={pending}>
          Record acceptance
        </Button>
      </div>
    );
  }
  return (
    <Button onClick={() => onAccept(undefined)} loading={pending}>
      {status === "CREATED" ? "Accept for planning" : "Record acceptance"}
    </Button>
  );
}

export function LegDateControl({
  label,
  dateLabel,
  today,
  pending,
  onSubmit,
}: {
  label: string;
  dateLabel: string;
  today: string;
  pending: boolean;
  onSubmit: (on: string | undefined) => void;
}) {
  const id = useId();
  const [on, setOn] = useState("");
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
          {dateLabel} <span className="font-normal text-slate-500">(default today)</span>
        </label>
        <Input
          id={id}
          type="date"
          value={on}
          max={today}
          onChange={(event) => setOn(event.target.value)}
          className="w-40"
        />
      </div>
      <Button onClick={() => onSubmit(on || undefined)} loading={pending}>
        {label}
      </Button>
    </div>
  );
}
