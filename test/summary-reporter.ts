// CI reads the last line of the test output: "N passed, N failed, N skipped". vitest prints no such
// line, so this reporter adds it, and writes the counts to VITEST_SUMMARY_FILE for scripts/test.mjs.
import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      if (testModule.state() === "failed" && [...testModule.children.allTests()].length === 0) failed += 1;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failed += 1;
        else skipped += 1;
      }
    }
    const summary = { passed, failed, skipped };
    if (process.env.VITEST_SUMMARY_FILE)
      writeFileSync(process.env.VITEST_SUMMARY_FILE, JSON.stringify(summary));
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
