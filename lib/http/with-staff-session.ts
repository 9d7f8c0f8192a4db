// The one wrapper of every route handler a signed-in staff member calls outside /v1: the board's live
// stream and CSV export, the kanban's JSON and stream, the system page's JSON. It reads the session,
// checks the role's capability (lib/auth/roles.ts), then runs the handler; any error becomes
// problem+json. The /v1
// handlers use withApi (API keys) instead; pages and server actions guard with requireStaff; next-auth's
// own endpoints (/api/auth/*) are its handlers, as they come.
import "server-only";
import { getStaffContext, type StaffContext } from "@/lib/auth/require-staff";
import { can, type Capability } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";
import { toAppError } from "@/lib/http/to-app-error";
import { logger } from "@/lib/logger";
import { runAsReader } from "@/lib/read-replicas/read-kysely";

export type StaffSessionOptions = {
  capability: Capability;
  /** What the route lets one do, for the refusals: "see the movement board". */
  what: string;
};

export type StaffRouteContext = { request: Request; staff: StaffContext };

export function withStaffSession(
  options: StaffSessionOptions,
  handler: (context: StaffRouteContext) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      const staff = await getStaffContext();
      if (!staff) throw new AppError("UNAUTHORIZED", `Sign in to ${options.what}.`);
      if (!can(staff.user.role, options.capability)) {
        throw new AppError("FORBIDDEN", `Your role cannot ${options.what}.`);
      }
      const writes = request.method !== "GET" && request.method !== "HEAD";
      return await runAsReader({ caller: `user:${staff.user.id}`, writes }, () =>
        handler({ request, staff }),
      );
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === "INTERNAL_SERVER_ERROR") {
        logger.error("staff route failed", { error, path: new URL(request.url).pathname });
      }
      return problemResponse(appError);
    }
  };
}
