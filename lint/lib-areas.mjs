// The lib areas (a top-level folder or file under lib/) in layers, lowest first. An area imports only
// areas of lower layers, so the areas form a graph without cycles; docs/architecture.md draws it.
// A new area must be placed here: the lint refuses an area it does not know.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** @type {string[][]} */
export const LIB_LAYERS = [
  ["ulid", "dates", "intl-formats", "errors", "build-version", "shutdown-hooks", "vehicles"],
  ["ids"],
  ["request-context"],
  ["env"],
  ["tracing"],
  ["logger"],
  ["db", "object-store"],
  ["read-replicas"],
  ["schemas", "health", "operations", "security", "history"],
  ["auth"],
  ["http"],
  ["metrics", "drivers", "infrastructure"],
  ["notifications"],
  ["proofs"],
  ["organisations"],
  ["events"],
  ["recon"],
  ["realtime", "prep-job-stages"],
  ["movement-requests"],
  ["positions", "prep-jobs"],
  ["maps", "planning"],
  ["carrier-jobs"],
  ["marketplace"],
  ["webhooks"],
  ["reports", "openapi"],
  ["worker"],
];

const libDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "lib");
const areaFiles = /\.(ts|tsx|mjs)$/;

/** The areas on disk: folders and top-level product files of lib/ (tests and the generated client aside). */
export function areasOnDisk() {
  return readdirSync(libDir, { withFileTypes: true })
    .filter((entry) => entry.name !== "generated" && !/\.test\.tsx?$/.test(entry.name))
    .filter((entry) => entry.isDirectory() || areaFiles.test(entry.name))
    .map((entry) => ({
      name: entry.name.replace(areaFiles, ""),
      file: entry.isDirectory() ? null : entry.name,
    }));
}

const layerOf = new Map(LIB_LAYERS.flatMap((layer, index) => layer.map((area) => [area, index])));
const unplaced = areasOnDisk().filter((area) => !layerOf.has(area.name));
if (unplaced.length > 0) {
  throw new Error(
    `lint/lib-areas.mjs: place these lib areas in LIB_LAYERS: ${unplaced.map((a) => a.name).join(", ")}`,
  );
}

const typeOf = (area) => `lib/${area}`;
const fileAreas = new Set(
  areasOnDisk()
    .filter((area) => area.file)
    .map((area) => area.name),
);

// Boundaries' elements are folders; a top-level file is classified by a file descriptor instead, and
// selected by its category.
export const libAreaElements = areasOnDisk()
  .filter((area) => !area.file)
  .map((area) => ({ type: typeOf(area.name), pattern: `lib/${area.name}` }));
export const libAreaFiles = areasOnDisk()
  .filter((area) => area.file)
  .map((area) => ({ category: typeOf(area.name), pattern: `lib/${area.file}` }));

/** The selector of an area, folder or file. */
const selectorOf = (area) =>
  fileAreas.has(area) ? { file: { categories: typeOf(area) } } : { element: { types: typeOf(area) } };

// The rest of the product: boundaries applies its policies only to files it has classified.
export const outsideLibElements = [
  { type: "app", pattern: "app" },
  { type: "components", pattern: "components" },
];
export const outsideLibFiles = [
  { category: "root", pattern: "proxy.ts" },
  { category: "root", pattern: "instrumentation.ts" },
];

export const testCodeElements = [
  { type: "test-kit", pattern: "test" },
  { type: "factories", pattern: "prisma/factories" },
];

/** Per area: it may not import an area of its own layer or above (but itself). */
export const libAreaPolicies = LIB_LAYERS.flatMap((layer, index) =>
  layer.map((area) => {
    const above = LIB_LAYERS.slice(index)
      .flat()
      .filter((other) => other !== area);
    return {
      from: selectorOf(area),
      disallow: { to: above.map(selectorOf) },
      message: `lib/${area} may not import {{to.element.types}}{{to.file.categories}} (its own layer or above): an area imports only lower layers (lint/lib-areas.mjs), so the areas have no cycle.`,
    };
  }),
).filter((policy) => policy.disallow.to.length > 0);
