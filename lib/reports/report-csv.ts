// One chart's table as a CSV file (through the board's CSV cells: RFC 4180 quoting, no formulas). The
// filters are the page's URL; a bad one, or an unknown report, is a 400 problem, never a 500.
import "server-only";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { csvLine } from "@/lib/movement-requests/board/csv";
import { getReports } from "@/lib/reports/get-reports";
import { parseReportFilters, type ReportFilters } from "@/lib/reports/report-filters";
import { REPORT_KEYS, REPORT_PART, reportTable, type ReportKey } from "@/lib/reports/report-tables";
import { organisationZoneOf } from "@/lib/reports/site-zones";

export async function reportCsvResponse(organisationId: string, params: URLSearchParams): Promise<Response> {
  const key = params.get("report");
  if (!isReportKey(key)) {
    throw new AppError("VALIDATION_ERROR", "Unknown report.", {
      errors: [{ path: "report", message: `Expected one of ${REPORT_KEYS.join(", ")}` }],
    });
  }
  const filterParams = new URLSearchParams(params);
  filterParams.delete("report");
  const parsed = parseReportFilters(
    filterParams,
    new Date(),
    await organisationZoneOf(kysely(), organisationId),
  );
  if (!parsed.ok) {
    throw new AppError("VALIDATION_ERROR", "The report's filters are not valid.", {
      errors: parsed.errors.map((error) => ({ path: error.field, message: error.message })),
    });
  }
  const reports = await getReports(organisationId, parsed.filters, REPORT_PART[key]);
  const table = reportTable(key, reports);
  // A byte-order mark: spreadsheet programs then read the file as UTF-8.
  const body = `\uFEFF${csvLine(table.columns)}${table.rows.map(csvLine).join("")}`;
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${reportCsvFileName(key, parsed.filters)}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

function isReportKey(value: string | null): value is ReportKey {
  return (REPORT_KEYS as readonly (string | null)[]).includes(value);
}

export function reportCsvFileName(key: ReportKey, filters: ReportFilters): string {
  return `${key}-${filters.from}-to-${filters.to}.csv`;
}
