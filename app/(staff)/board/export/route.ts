import { withStaffSession } from "@/lib/http/with-staff-session";
import { parseBoardQuery } from "@/lib/movement-requests/board/board-query";
import { boardCsvChunks, boardCsvFileName } from "@/lib/movement-requests/board/export-board-csv";

export const dynamic = "force-dynamic";

// GET /board/export?<the board's query> — every row of the current filter and sort as CSV (staff session)
export const GET = withStaffSession(
  { capability: "view-board", what: "export the movement board" },
  async ({ request, staff }) => {
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
  },
);
