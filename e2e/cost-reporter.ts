import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { costReport, type TestCost } from "../scripts/test-cost.ts";

/**
 * A Playwright reporter beside `list`: at the end of the run, the ten slowest tests and any
 * test over 5 s neither named `slow: …` nor tagged `@slow` (scripts/test-cost.ts); a test
 * that calls Playwright's own `test.slow()` counts as tagged. A test retried counts its
 * last try.
 */
export default class CostReporter implements Reporter {
  private readonly tests = new Map<string, TestCost>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== "passed") return;
    const [, , file, ...groups] = test.titlePath();
    this.tests.set(test.id, {
      file: file ?? test.location.file,
      name: test.title,
      title: [...groups].join(" › "),
      ms: result.duration,
      tags: [...test.tags, ...(marksItselfSlow(test, result) ? ["@slow"] : [])],
    });
  }

  onEnd(_result: FullResult): void {
    const lines = costReport("playwright", [...this.tests.values()]);
    if (lines.length > 0) console.log(`\n${lines.join("\n")}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}

/** Whether the test called `test.slow()` (an annotation of type `slow`, on the test or its run). */
function marksItselfSlow(test: TestCase, result: TestResult): boolean {
  return [...test.annotations, ...(result.annotations ?? [])].some(({ type }) => type === "slow");
}
