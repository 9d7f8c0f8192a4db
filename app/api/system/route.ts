import { withStaffSession } from "@/lib/http/with-staff-session";
import { systemStatus } from "@/lib/operations/system-status";

export const dynamic = "force-dynamic";

// GET /api/system — the /system page's figures as JSON, polled by it (staff session, administrators)
export const GET = withStaffSession(
  { capability: "view-system", what: "see the system's state" },
  async ({ staff }) =>
    Response.json(await systemStatus(staff.organisationId), { headers: { "cache-control": "no-store" } }),
);
