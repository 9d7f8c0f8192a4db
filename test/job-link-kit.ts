// Helpers of the job-link integration tests: the token e-mailed to a driver, and the job routes called
// as a phone calls them (the test passes them in).
import { randomUUID } from "node:crypto";
import type { Kdb } from "@/lib/db";
import { callRoute, passedRoute, type RouteHandler } from "@/test/call-route";

/** The job link e-mailed to a driver last. */
export async function mailedJobToken(kdb: Kdb, driver: { email: string | null }): Promise<string> {
  const email = await kdb
    .selectFrom("EmailMessage")
    .select("text")
    .where("to", "=", driver.email ?? "")
    .where("kind", "=", "job_link")
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  const token = /\/jobs\/([A-Za-z0-9_-]{43})/.exec(email.text)?.[1];
  if (!token) throw new Error(`no link in ${email.text}`);
  return token;
}

/** The job routes a test exercises: POST actions and positions, GET view of /jobs/{token}. */
export function jobLinkApi(routes: Partial<Record<"actions" | "positions" | "view", RouteHandler>>) {
  /** POST /jobs/{token}/actions with a fresh idempotency key unless the body names one. */
  async function actOnJobRoute(token: string, body: Record<string, unknown>) {
    const response = await callRoute(passedRoute(routes, "actions"), {
      method: "POST",
      path: `/jobs/${token}/actions`,
      body: { idempotencyKey: randomUUID(), ...body },
      params: { token },
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, response };
  }

  /** POST /jobs/{token}/positions with a fresh idempotency key unless the body names one. */
  async function postJobPositions(token: string, body: Record<string, unknown>) {
    const response = await callRoute(passedRoute(routes, "positions"), {
      method: "POST",
      path: `/jobs/${token}/positions`,
      body: { idempotencyKey: randomUUID(), ...body },
      params: { token },
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, response };
  }

  /** GET /jobs/{token}/view */
  async function viewJobRoute(token: string) {
    return callRoute(passedRoute(routes, "view"), {
      path: `/jobs/${token}/view`,
      params: { token },
    });
  }

  return { actOnJobRoute, postJobPositions, viewJobRoute };
}
