import { getStaffContext } from "@/lib/auth/require-staff";
import { can } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";
import { systemStatus } from "@/lib/operations/system-status";

export const dynamic = "force-dynamic";

// GET /api/system — the /system page's figures as JSON, polled by it (staff session, administrators)
export async function GET() {
  const staff = await getStaffContext();
  if (!staff) return problemResponse(new AppError("UNAUTHORIZED", "Sign in to see the system's state."));
  if (!can(staff.user.role, "view-system")) {
    return problemResponse(new AppError("FORBIDDEN", "Only administrators see the system's state."));
  }
  return Response.json(await systemStatus(staff.organisationId), {
    headers: { "cache-control": "no-store" },
  });
}
