// The build's version, on the /system page and on every exported span (lib/tracing/start-tracing.ts).
// A file of its own: tracing starts before anything that loads the database driver.

/** Stamped by next.config.ts at build time: package.json's version and the commit's short hash. */
export function buildVersion(): string {
  return process.env.VMS_BUILD_VERSION ?? "development";
}
