import { listDrivers } from "@/lib/drivers/list-drivers";
import { listDriversQuery } from "@/lib/drivers/schemas";
import { withApi } from "@/lib/http/with-api";

// GET /v1/operations/drivers — the organisation's active drivers, by surname
export const GET = withApi(
  { scope: "operations", schemas: { query: listDriversQuery } },
  async ({ caller }) => Response.json({ data: await listDrivers(caller) }),
);
