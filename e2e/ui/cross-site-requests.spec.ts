// Cross-site request forgery: a signed-in member of staff's cookies riding along on a request another
// site's page makes. Server actions are refused when the Origin is not this site (Next's own check);
// next-auth's POST endpoints without its CSRF token; no other staff route changes anything on a POST.
// Every refusal is shown to change nothing, next to the same request from this origin, which does.
// Playwright's request context sends the session cookie whatever SameSite says: the checks below hold
// even for a browser that ignored SameSite=Lax.
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { env } from "@/lib/env";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL } from "../support/e2e-environment";
import { callServerAction, serverActions } from "../support/server-actions";
import { DEMO_STAFF, signIn } from "../support/sign-in";

const FORGED_ORIGIN = "https://attacker.example";

async function isSignedIn(request: APIRequestContext): Promise<boolean> {
  const board = await request.get("/board", { maxRedirects: 0 });
  return board.status() === 200;
}

test("a server action called from another origin is refused and changes nothing", async ({ page }) => {
  await signIn(page, DEMO_STAFF.admin);
  const saveView = serverActions().get("saveViewAction")!;
  const name = `Cross-site view ${Date.now()}`;
  const savedViews = () =>
    withE2eDatabase(
      async (client) =>
        (await client.query(`SELECT id FROM "SavedView" WHERE name = $1`, [name])).rowCount ?? 0,
    );

  const forged = await callServerAction(page.request, saveView, [{ name, query: "status=PLANNED" }], {
    origin: FORGED_ORIGIN,
  });
  // proxy.ts refuses it before Next or the action sees it.
  expect(forged.status()).toBe(403);
  expect(await savedViews()).toBe(0);

  const sameOrigin = await callServerAction(page.request, saveView, [{ name, query: "status=PLANNED" }], {
    origin: E2E_BASE_URL,
  });
  expect(sameOrigin.status()).toBe(200);
  expect(await savedViews()).toBe(1);
  await withE2eDatabase((client) => client.query(`DELETE FROM "SavedView" WHERE name = $1`, [name]));
});

test("a plain HTML form posted from another site cannot run a server action", async ({ page }) => {
  // What another site's page can really send without a CORS preflight: a form post (no Next-Action
  // header), naming the action in a $ACTION_ID_ field, as Next's progressive enhancement does.
  await signIn(page, DEMO_STAFF.admin);
  const dismiss = serverActions().get("dismissNotice")!;
  const noticeId = `e2e-csrf-notice-${Date.now()}`;
  await withE2eDatabase((client) =>
    client.query(
      `INSERT INTO "Notice" (id, "organisationId", kind, message)
       SELECT $1, "organisationId", 'webhook_endpoint_disabled', 'Cross-site check' FROM "User" WHERE email = $2`,
      [noticeId, DEMO_STAFF.admin],
    ),
  );
  const readAt = () =>
    withE2eDatabase(
      async (client) =>
        (
          await client.query<{ readAt: Date | null }>(`SELECT "readAt" FROM "Notice" WHERE id = $1`, [
            noticeId,
          ])
        ).rows[0]!.readAt,
    );
  const post = (origin: string) =>
    page.request.post(dismiss.pagePath, {
      headers: { origin },
      multipart: { [`$ACTION_ID_${dismiss.id}`]: "", noticeId },
      maxRedirects: 0,
    });
  try {
    const forged = await post(FORGED_ORIGIN);
    expect(forged.status()).toBeGreaterThanOrEqual(400);
    expect(await readAt()).toBeNull();

    expect((await post(E2E_BASE_URL)).status()).toBeLessThan(400);
    expect(await readAt()).not.toBeNull();
  } finally {
    await withE2eDatabase((client) => client.query(`DELETE FROM "Notice" WHERE id = $1`, [noticeId]));
  }
});

test("another site cannot sign a visitor in (login CSRF) through the sign-in action", async ({
  playwright,
}) => {
  const signInAction = serverActions().get("signInWithCredentials")!;
  const credentials = { email: DEMO_STAFF.prep, password: env().DEMO_PASSWORD };
  const visitor = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const forged = await callServerAction(visitor, signInAction, [credentials, null], {
      origin: FORGED_ORIGIN,
    });
    expect(forged.status()).toBe(403);
    expect(forged.headers()["set-cookie"] ?? "").not.toContain("authjs.session-token");
    expect(await isSignedIn(visitor)).toBe(false);

    const sameOrigin = await callServerAction(visitor, signInAction, [credentials, null], {
      origin: E2E_BASE_URL,
    });
    expect(sameOrigin.headers()["set-cookie"]).toContain("authjs.session-token");
    expect(await isSignedIn(visitor)).toBe(true);
  } finally {
    await visitor.dispose();
  }
});

test("next-auth's POST endpoints refuse a request without its CSRF token", async ({ page, playwright }) => {
  await signIn(page, DEMO_STAFF.dispatcher);
  const form = { headers: { origin: FORGED_ORIGIN }, maxRedirects: 0 };

  // Sign-out, session update: refused, the session lives on.
  for (const action of ["signout", "session"]) {
    const forged = await page.request.post(`/api/auth/${action}`, { ...form, form: { callbackUrl: "/" } });
    expect(forged.headers()["set-cookie"] ?? "", action).not.toMatch(/authjs\.session-token=;/);
    expect(await isSignedIn(page.request), action).toBe(true);
  }

  // Sign-in straight through next-auth: no session for a request without the token.
  const visitor = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const credentials = { email: DEMO_STAFF.prep, password: env().DEMO_PASSWORD };
    for (const endpoint of ["/api/auth/callback/credentials", "/api/auth/signin/credentials"]) {
      const forged = await visitor.post(endpoint, { ...form, form: credentials });
      expect(forged.headers().location ?? "", endpoint).toContain("error=MissingCSRF");
      expect(await isSignedIn(visitor), endpoint).toBe(false);
    }
  } finally {
    await visitor.dispose();
  }

  // The same sign-out with the token (which only this site's pages can read) does end the session.
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await page.request.post("/api/auth/signout", { form: { csrfToken, callbackUrl: "/" }, maxRedirects: 0 });
  expect(await isSignedIn(page.request)).toBe(false);
});

/** Every route handler outside /v1 (API keys, no cookies) and next-auth, as a URL. */
function cookieRoutes(): string[] {
  const appDir = path.join(process.cwd(), "app");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") found.push(path.relative(appDir, dir));
    }
  };
  walk(appDir);
  return found
    .filter((route) => !route.startsWith("v1") && !route.startsWith(path.join("api", "auth")))
    .map(
      (route) =>
        `/${route
          .split(path.sep)
          .filter((segment) => !/^\(.*\)$/.test(segment))
          .map((segment) => (segment.startsWith("[") ? "x" : segment))
          .join("/")}`,
    );
}

/**
 * The routes outside /v1 that take a write, authorised by a token in the path, not by a cookie: a
 * carrier's action, positions, proof and proof photos through its job link (docs/carrier-journey.md),
 * a sublet vendor's action and photo through its link (docs/recon.md), and a customer's one-click
 * opt-out (docs/notifications.md). An unknown token is a 404.
 */
const TOKEN_ROUTES_TAKING_WRITES = new Map([
  ["/jobs/x/actions", "POST"],
  ["/jobs/x/positions", "POST"],
  ["/jobs/x/proofs", "POST"],
  ["/jobs/x/proof-photos/x", "PUT"],
  ["/opt-out/x/confirm", "POST"],
  ["/sublet/x/items/x", "POST"],
  ["/sublet/x/items/x/photos/x", "PUT"],
]);

/**
 * The marketplace winner's job routes: the same writes, authorised by a CARRIER session and the award
 * (docs/carrier-journey.md). Cross-site they are refused at the door like every cookie write; the
 * admin's session here is no carrier's, so they answer 401.
 */
const CARRIER_ROUTES_TAKING_WRITES = new Map([
  ["/carrier/jobs/x/actions", "POST"],
  ["/carrier/jobs/x/positions", "POST"],
  ["/carrier/jobs/x/proofs", "POST"],
  ["/carrier/jobs/x/proof-photos/x", "PUT"],
]);

test("no other cookie-authenticated route accepts a state-changing method", async ({ page }) => {
  await signIn(page, DEMO_STAFF.admin);
  const routes = cookieRoutes();
  expect(routes).toContain("/api/board/stream");
  for (const route of routes) {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const send = (origin: string) =>
        page.request.fetch(route, { method, headers: { origin }, maxRedirects: 0 });
      // From another site: refused at the door (proxy.ts; 405 on the health checks, which it does not
      // see). From this one: the route takes no writes.
      expect([403, 405], `${method} ${route} cross-site`).toContain((await send(FORGED_ORIGIN)).status());
      const takesWrite = TOKEN_ROUTES_TAKING_WRITES.get(route) === method;
      const carrierWrite = CARRIER_ROUTES_TAKING_WRITES.get(route) === method;
      expect((await send(E2E_BASE_URL)).status(), `${method} ${route}`).toBe(
        takesWrite ? 404 : carrierWrite ? 401 : 405,
      );
    }
  }
});
