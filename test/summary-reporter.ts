// CI reads the last line of the test output: "N passed, N failed, N skipped". vitest prints no such
// line, so this reporter adds it, and writes the counts and the failed tests' names to
// VITEST_SUMMARY_FILE for scripts/test.mjs, which repeats the names beside that line: CI keeps only
// the end of a long log, where vitest's own report of a failure has scrolled away.
import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let skipped = 0;
    const failedTests: string[] = [];
    for (const testModule of testModules) {
      const tests = [...testModule.children.allTests()];
      if (testModule.state() === "failed" && tests.length === 0) {
        failedTests.push(`${testModule.relativeModuleId}: ${firstLine(testModule.errors()[0]?.message)}`);
      }
      for (const test of tests) {
        const result = test.result();
        if (result.state === "passed") passed += 1;
        else if (result.state === "failed") {
          failedTests.push(
            `${testModule.relativeModuleId} › ${test.fullName}: ${firstLine(result.errors?.[0]?.message)}`,
          );
        } else skipped += 1;
      }
    }
    const summary = { passed, failed: failedTests.length, skipped, failedTests };
    if (process.env.VITEST_SUMMARY_FILE)
      writeFileSync(process.env.VITEST_SUMMARY_FILE, JSON.stringify(summary));
    console.log(`\n${passed} passed, ${failedTests.length} failed, ${skipped} skipped`);
  }
}

function firstLine(message: string | undefined): string {
  const [line = ""] = (message ?? "no message").split("\n");
  return line.slice(0, 300);
}
