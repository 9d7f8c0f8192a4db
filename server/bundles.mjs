// @ts-check
// The two bundles `npm start` runs beside Next's build, written with esbuild into .next/ after
// `next build` (`npm run build`, or server/start.mjs when one is missing or older than the build):
// - the worker (`vms-worker`, lib/worker/main.ts), so that plain node runs it, with no TypeScript loader
//   in the process: idle, it holds about 100 MiB where the same worker under tsx holds about 160 MiB;
// - the API lane (server/api-lane/): app/v1's route handlers and /api/health, which each web process
//   serves itself, without Next's app router in the path (docs/architecture.md, "The API lane").
// `node server/bundles.mjs` writes both.
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const WORKER_DIR = `${ROOT}/.next/vms-worker`;
const API_LANE_DIR = `${ROOT}/.next/vms-api-lane`;
/** The bundles' entries; .mjs, because Next marks .next/ as CommonJS. */
export const WORKER_BUNDLE = `${WORKER_DIR}/main.mjs`;
export const API_LANE_BUNDLE = `${API_LANE_DIR}/main.mjs`;
/** The app folders whose route handlers the lane serves. */
const API_LANE_ROUTES = ["app/v1", "app/api/health"];

/** Whether both bundles exist and are newer than the build they belong to (whose sources they share) and this file. */
export function areBundlesFresh() {
  const buildId = `${ROOT}/.next/BUILD_ID`;
  if (!existsSync(buildId)) return false;
  const newestInput = Math.max(statSync(buildId).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs);
  return [WORKER_BUNDLE, API_LANE_BUNDLE].every(
    (bundle) => existsSync(bundle) && statSync(bundle).mtimeMs >= newestInput,
  );
}

/**
 * Node's ESM resolver wants the file extension of a deep import into a package; tsx and Next do not
 * (lib/request-context/current-request.ts imports Next's request storage so).
 * @type {import("esbuild").Plugin}
 */
const nextDeepImports = {
  name: "next-deep-imports",
  setup(build) {
    build.onResolve({ filter: /^next\/dist\// }, ({ path }) =>
      path.endsWith(".js") ? undefined : { path: `${path}.js`, external: true },
    );
  },
};

/**
 * `server-only` is empty under the react-server condition, which the worker runs with; the web
 * processes run without it, so the lane bundles it as the empty module it is there.
 * @type {import("esbuild").Plugin}
 */
const emptyServerOnly = {
  name: "empty-server-only",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

/**
 * date-fns goes into the bundles, though other packages stay external: Node 24 parses its 200 kB
 * package.json again for each of its modules that it loads (a bare process importing `date-fns/format`
 * peaked 45 MiB higher; under bench:api's load, the processes' peaks moved less than between runs).
 * @type {import("esbuild").Plugin}
 */
const bundledDateFns = {
  name: "bundled-date-fns",
  setup(build) {
    build.onResolve({ filter: /^date-fns(\/|$)/ }, ({ path }) => ({
      path: fileURLToPath(import.meta.resolve(path)),
    }));
  },
};

/** What both bundles share. @type {import("esbuild").BuildOptions} */
const COMMON = {
  absWorkingDir: ROOT,
  tsconfig: `${ROOT}/tsconfig.json`,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // npm packages load from node_modules as under tsx; only the project's own code is bundled.
  packages: "external",
  conditions: ["react-server"],
  outExtension: { ".js": ".mjs" },
  logLevel: "warning",
};

export async function bundleServerCode() {
  const { build, stop } = await import("esbuild");
  rmSync(WORKER_DIR, { recursive: true, force: true });
  rmSync(API_LANE_DIR, { recursive: true, force: true });
  try {
    await build({
      ...COMMON,
      entryPoints: [`${ROOT}/lib/worker/main.ts`],
      // The dynamic imports stay lazy (tracing before the database driver; no OpenTelemetry unless set).
      splitting: true,
      outdir: WORKER_DIR,
      plugins: [nextDeepImports, bundledDateFns],
    });
    await build({
      ...COMMON,
      stdin: { contents: apiLaneEntry(), resolveDir: ROOT, sourcefile: "api-lane-entry.ts", loader: "ts" },
      outfile: API_LANE_BUNDLE,
      plugins: [nextDeepImports, emptyServerOnly, bundledDateFns],
    });
  } finally {
    // esbuild's service process would otherwise stay beside the primary for as long as it runs.
    await stop();
  }
}

/** The lane's entry: every route.ts under API_LANE_ROUTES with its URL path, and the lane's functions. */
function apiLaneEntry() {
  const files = API_LANE_ROUTES.flatMap((folder) =>
    readdirSync(`${ROOT}/${folder}`, { recursive: true, encoding: "utf8" })
      .filter((file) => path.basename(file) === "route.ts")
      .map((file) => path.posix.join(folder, file.split(path.sep).join("/"))),
  ).sort();
  const imports = files.map((file, index) => `import * as route${index} from "./${file}";`);
  const routes = files.map(
    (file, index) =>
      `  { path: ${JSON.stringify(file.slice("app".length, -"/route.ts".length))}, module: route${index} },`,
  );
  return [
    ...imports,
    'export { routeTable } from "./server/api-lane/route-table.ts";',
    'export { serveApiRequest } from "./server/api-lane/serve-api-request.ts";',
    `export const routes = [\n${routes.join("\n")}\n];`,
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundleServerCode();
  console.log(`Bundled: ${WORKER_BUNDLE}, ${API_LANE_BUNDLE}`);
}
