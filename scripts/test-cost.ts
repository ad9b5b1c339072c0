/**
 * What a test suite's slowest tests cost, printed at the end of a run (issue: the cost of
 * the suite stays visible; architecture §4). A test that takes over {@link SLOW_MS} is
 * expected to say so: its name starts with `slow:` (Vitest and Playwright) or it carries the
 * `@slow` tag (Playwright); one that does not is listed as unmarked, a warning rather than
 * a failure, because a test's time depends on the machine's load.
 */

/** Over this many milliseconds a test is slow and must be marked so. */
export const SLOW_MS = 5_000;

/** One finished test: its file, its own name, its title with its groups, how long it ran, its tags. */
export interface TestCost {
  file: string;
  name: string;
  title: string;
  ms: number;
  tags?: readonly string[];
}

/** Whether a test says it is slow, by its own name (`slow: …`) or its `@slow` tag. */
export function markedSlow(test: TestCost): boolean {
  return test.name.startsWith("slow: ") || Boolean(test.tags?.includes("@slow"));
}

/**
 * The report's lines: the `count` slowest tests with their times, then every test over
 * {@link SLOW_MS} that is not marked slow. Empty when no test ran.
 */
export function costReport(suite: string, tests: readonly TestCost[], count = 10): string[] {
  if (tests.length === 0) return [];
  const slowest = [...tests].sort((a, b) => b.ms - a.ms);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(5)} s`;
  const lines = [`${suite}: the ${Math.min(count, slowest.length)} slowest of ${tests.length} tests`];
  for (const test of slowest.slice(0, count)) lines.push(`  ${seconds(test.ms)}  ${test.file} › ${test.title}`);
  const unmarked = slowest.filter((test) => test.ms > SLOW_MS && !markedSlow(test));
  if (unmarked.length > 0) {
    lines.push(`${suite}: over ${SLOW_MS / 1000} s but not marked slow (name it "slow: …" or tag it @slow):`);
    for (const test of unmarked) lines.push(`  ${seconds(test.ms)}  ${test.file} › ${test.title}`);
  }
  return lines;
}
