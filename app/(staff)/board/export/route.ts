import { getStaffContext } from "@/lib/auth/require-staff";
import { can } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";
import { parseBoardQuery } from "@/lib/movement-requests/board/board-query";
import { boardCsvChunks, boardCsvFileName } from "@/lib/movement-requests/board/export-board-csv";

export const dynamic = "force-dynamic";

// GET /board/export?<the board's query> — every row of the current filter and sort as CSV (staff session)
export async function GET(request: Request) {
  const staff = await getStaffContext();
  if (!staff) return problemResponse(new AppError("UNAUTHORIZED", "Sign in to export the board."));
  if (!can(staff.user.role, "view-board")) {
    return problemResponse(new AppError("FORBIDDEN", "Your role cannot see the movement board."));
  }
  const query = parseBoardQuery(new URL(request.url).searchParams);
  const chunks = boardCsvChunks(staff.organisationId, query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark: spreadsheet programs then read the file as UTF-8.
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${boardCsvFileName()}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
