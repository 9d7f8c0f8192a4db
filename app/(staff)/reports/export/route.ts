import { withStaffSession } from "@/lib/http/with-staff-session";
import { reportCsvResponse } from "@/lib/reports/report-csv";

export const dynamic = "force-dynamic";

// GET /reports/export?report=<key>&<the page's filters> — one chart's table as CSV (staff session)
export const GET = withStaffSession(
  { capability: "view-reports", what: "export reports" },
  ({ request, staff }) => reportCsvResponse(staff.organisationId, new URL(request.url).searchParams),
);
