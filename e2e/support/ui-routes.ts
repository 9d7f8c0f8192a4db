// Every UI page and UI route handler of the app, found on disk (like test/v1-routes.ts for /v1),
// so that the tenancy walk (e2e/ui/tenancy.spec.ts) fails for a route it was not taught instead of
// leaving it out. The /v1 API, Auth.js's own handler, the health probes and the metrics are not
// UI routes.
import { readdirSync } from "node:fs";
import path from "node:path";

export type UiRoute = {
  /** The URL path, route groups removed: "/integrations/endpoints/[endpointId]". */
  template: string;
  kind: "page" | "route";
  /** Relative to the repository, for messages. */
  file: string;
};

const APP_DIR = path.join(process.cwd(), "app");
const NOT_UI = new Set(["/api/auth/[...nextauth]", "/api/health", "/api/ready", "/api/metrics"]);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

export function uiRoutes(): UiRoute[] {
  return files(APP_DIR)
    .filter((file) => /^(page\.tsx|route\.ts)$/.test(path.basename(file)))
    .map((file) => {
      const segments = path
        .relative(APP_DIR, path.dirname(file))
        .split(path.sep)
        .filter((segment) => segment && !/^\(.*\)$/.test(segment));
      return {
        template: `/${segments.join("/")}`,
        kind: path.basename(file) === "page.tsx" ? ("page" as const) : ("route" as const),
        file: path.relative(process.cwd(), file),
      };
    })
    .filter((route) => route.template !== "/v1" && !route.template.startsWith("/v1/"))
    .filter((route) => !NOT_UI.has(route.template))
    .sort((a, b) => a.template.localeCompare(b.template));
}
