// One report: its chart, the table behind it (the chart's text alternative), a CSV link, and an empty
// state that says what will appear.
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TableHead } from "@/components/ui/table-head";
import type { ReportKey, ReportTable } from "@/lib/reports/report-tables";

export function ReportSection({
  reportKey,
  title,
  description,
  empty,
  table,
  query,
  chart,
}: {
  reportKey: ReportKey;
  title: string;
  description: string;
  /** What the report will show once there is data. */
  empty: string;
  table: ReportTable;
  /** The page's filters as a URL query, for the CSV link. */
  query: string;
  chart: ReactNode;
}) {
  const headingId = `report-${reportKey}`;
  return (
    <section aria-labelledby={headingId} data-report={reportKey} className="min-w-0">
      <Card className="h-full">
        <CardHeader
          id={headingId}
          title={title}
          description={description}
          actions={
            table.rows.length > 0 ? (
              <a
                href={`/reports/export?report=${reportKey}&${query}`}
                download
                className={buttonClasses({ variant: "secondary", size: "sm" })}
              >
                CSV<span className="sr-only"> of {title.toLowerCase()}</span>
              </a>
            ) : null
          }
        />
        <CardBody className="space-y-4">
          {table.rows.length === 0 ? (
            <EmptyState title="Nothing to show for these filters" description={empty} className="py-8" />
          ) : (
            <>
              {chart}
              {/* Focusable: on a phone a wide table scrolls inside its box, by keyboard too. */}
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}: table`}>
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{title}: the data of the chart</caption>
                  <TableHead
                    columns={table.columns.map((label, index) =>
                      typeof table.rows[0]?.[index] === "number" ? { label, align: "right" } : label,
                    )}
                  />
                  <tbody className="divide-y divide-slate-100">
                    {table.rows.map((row, rowIndex) => (
                      <tr key={rowIndex}>
                        {row.map((cell, cellIndex) =>
                          cellIndex === 0 ? (
                            <th key={cellIndex} scope="row" className="px-4 py-2 font-medium text-slate-900">
                              {cell}
                            </th>
                          ) : (
                            <td
                              key={cellIndex}
                              className={cn(
                                "px-4 py-2 text-slate-700",
                                typeof cell === "number" && "text-right tabular-nums",
                              )}
                            >
                              {cell}
                            </td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
