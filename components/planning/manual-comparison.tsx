"use client";
// The plan beside the manual plan of its days (lib/planning/manual-plan.ts): what the requests a
// dispatcher planned by hand cost, drive empty and deliver late, per request and in all, with the same
// cost model. Read once the plan is proposed; nothing shows when nothing was planned by hand.
import { useEffect, useState } from "react";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatMinorUnits } from "@/lib/intl-formats";
import type { ManualPlanTotals } from "@/lib/planning/manual-plan";
import type { PlanBody } from "@/lib/planning/model";
import type { PlanActions } from "./plan-actions";

const km = (value: number) => value.toLocaleString("en-GB", { maximumFractionDigits: 1 });

export function ManualComparison({
  planId,
  body,
  actions,
}: {
  planId: string;
  body: PlanBody;
  actions: PlanActions;
}) {
  const [manual, setManual] = useState<ManualPlanTotals | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void actions.manual(planId).then((result) => {
      if (current) setManual(result.ok ? result.data : null);
    });
    return () => {
      current = false;
    };
  }, [actions, planId]);
  if (!manual) return null;

  const planned = body.drivers.reduce((sum, chain) => sum + chain.moves.length, 0) + body.thirdParty.length;
  const rows = [
    {
      label: "This plan",
      requests: planned,
      cost: body.totals.costCents,
      currency: body.totals.currency,
      emptyKm: body.totals.emptyKm,
      late: body.totals.lateRequests,
    },
    {
      label: "Planned by hand",
      requests: manual.requests,
      cost: manual.costCents,
      currency: manual.currency,
      emptyKm: manual.emptyKm,
      late: manual.lateRequests,
    },
  ];
  return (
    <Card>
      <CardHeader
        title="Against the manual plan of these days"
        description={`Requests already given a carrier by hand for these days (${manual.withDrivers} with own drivers, ${manual.withThirdParty} with 3PLs), costed the same way.`}
      />
      <CardBody className="overflow-x-auto">
        <table className="w-full text-left text-sm tabular-nums">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                Plan
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Requests
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Cost
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Per request
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Empty km
              </th>
              <th scope="col" className="py-1 font-medium">
                Late
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t border-slate-100">
                <th scope="row" className="py-1.5 pr-4 font-medium text-slate-900">
                  {row.label}
                </th>
                <td className="py-1.5 pr-4">{row.requests}</td>
                <td className="py-1.5 pr-4">{formatMinorUnits(row.cost, row.currency)}</td>
                <td className="py-1.5 pr-4">
                  {row.requests > 0 ? formatMinorUnits(row.cost / row.requests, row.currency) : "—"}
                </td>
                <td className="py-1.5 pr-4">{km(row.emptyKm)}</td>
                <td className="py-1.5">{row.late}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {manual.outsideHours > 0 ? (
          <p className="mt-2 text-sm text-amber-900">
            {manual.outsideHours} hand-planned {manual.outsideHours === 1 ? "move falls" : "moves fall"}{" "}
            outside its driver&apos;s working hours: not costed.
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
