import type { Reporter, TestModule } from "vitest/node";
import { costReport, type TestCost } from "./test-cost.ts";

/**
 * A Vitest reporter beside the default one: at the end of the run, the ten slowest tests
 * and any test over 5 s not named `slow: …` (scripts/test-cost.ts). Its project's name
 * prefixes the file, since the API suite runs on two databases.
 */
export default class CostReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const tests: TestCost[] = [];
    for (const module of testModules)
      for (const test of module.children.allTests("passed")) {
        const ms = test.diagnostic()?.duration ?? 0;
        tests.push({
          file: `${module.project.name} ${module.relativeModuleId}`,
          name: test.name,
          title: test.fullName,
          ms,
          tags: test.tags,
        });
      }
    const lines = costReport("vitest", tests);
    if (lines.length > 0) console.log(`\n${lines.join("\n")}`);
  }
}
