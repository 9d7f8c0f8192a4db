// Helpers of the job-link integration tests: the token e-mailed to a driver, and the job routes called
// as a phone calls them.
import { randomUUID } from "node:crypto";
import { POST as actionsRoute } from "@/app/jobs/[token]/actions/route";
import { POST as positionsRoute } from "@/app/jobs/[token]/positions/route";
import { GET as viewRoute } from "@/app/jobs/[token]/view/route";
import type { Kdb } from "@/lib/db";
import { callRoute } from "@/test/call-route";

type JobContext = Parameters<typeof actionsRoute>[1];

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

/** POST /jobs/{token}/actions with a fresh idempotency key unless the body names one. */
export async function actOnJobRoute(token: string, body: Record<string, unknown>) {
  const response = await callRoute((request, context) => actionsRoute(request, context as JobContext), {
    method: "POST",
    path: `/jobs/${token}/actions`,
    body: { idempotencyKey: randomUUID(), ...body },
    params: { token },
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, response };
}

/** POST /jobs/{token}/positions with a fresh idempotency key unless the body names one. */
export async function postJobPositions(token: string, body: Record<string, unknown>) {
  const response = await callRoute((request, context) => positionsRoute(request, context as JobContext), {
    method: "POST",
    path: `/jobs/${token}/positions`,
    body: { idempotencyKey: randomUUID(), ...body },
    params: { token },
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, response };
}

/** GET /jobs/{token}/view */
export async function viewJobRoute(token: string) {
  return callRoute((request, context) => viewRoute(request, context as JobContext), {
    path: `/jobs/${token}/view`,
    params: { token },
  });
}
