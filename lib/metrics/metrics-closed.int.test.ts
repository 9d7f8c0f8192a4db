// Without METRICS_TOKEN, /api/metrics is closed: 404, as if there were no such endpoint.
import { describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/api/metrics/route";

describe("GET /api/metrics without METRICS_TOKEN", () => {
  it("answers 404, with or without a bearer token", async () => {
    delete process.env.METRICS_TOKEN;
    for (const headers of [{}, { authorization: "Bearer anything-at-all-0123456789" }] as Record<
      string,
      string
    >[]) {
      const response = await metricsRoute(new Request("http://localhost/api/metrics", { headers }));
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
  });
});
