// @ts-check
// The worker `npm start` runs (`vms-worker`, lib/worker/main.ts), bundled with esbuild into
// .next/vms-worker/ after `next build` (`npm run build`, or server/start.mjs when the bundle is missing or
// older than the build), so that plain node runs it, with no TypeScript loader in the process: idle, it
// holds about 100 MiB where the same worker under tsx holds about 160 MiB (docs/architecture.md).
// `node server/worker-bundle.mjs` writes it.
import { existsSync, rmSync, statSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT_DIR = fileURLToPath(new URL("../.next/vms-worker", import.meta.url));
/** The bundle's entry; .mjs, because Next marks .next/ as CommonJS. */
export const WORKER_BUNDLE = `${OUT_DIR}/main.mjs`;

/** Whether the bundle exists and is newer than the build it belongs to (whose sources it shares) and this file. */
export function isWorkerBundleFresh() {
  const buildId = `${ROOT}/.next/BUILD_ID`;
  if (!existsSync(WORKER_BUNDLE) || !existsSync(buildId)) return false;
  const bundledAt = statSync(WORKER_BUNDLE).mtimeMs;
  return (
    bundledAt >= statSync(buildId).mtimeMs && bundledAt >= statSync(fileURLToPath(import.meta.url)).mtimeMs
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

export async function bundleWorker() {
  const { build, stop } = await import("esbuild");
  rmSync(OUT_DIR, { recursive: true, force: true });
  // esbuild's service process would otherwise stay beside the primary for as long as it runs.
  await build({
    entryPoints: [`${ROOT}/lib/worker/main.ts`],
    absWorkingDir: ROOT,
    tsconfig: `${ROOT}/tsconfig.json`,
    bundle: true,
    // The dynamic imports stay lazy (tracing before the database driver; no OpenTelemetry unless set).
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // npm packages load from node_modules as under tsx; only the project's own code is bundled.
    packages: "external",
    conditions: ["react-server"],
    outdir: OUT_DIR,
    outExtension: { ".js": ".mjs" },
    plugins: [nextDeepImports],
    logLevel: "warning",
  }).finally(stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundleWorker();
  console.log(`Worker bundled: ${WORKER_BUNDLE}`);
}
