import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order, then the files that hold a test marked slow (named `slow: …`,
 * conventions §5) first, the most marked first: on a fresh clone Vitest has no timings
 * cached and starts the largest files first, which left a 20 s socket test and the
 * `npm start` smoke (unit project, sorted last) running alone at the end of the run.
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const marked = new Map(sorted.map((file) => [file, slowTests(file.moduleId)]));
    return sorted.sort((a, b) => (marked.get(b) ?? 0) - (marked.get(a) ?? 0));
  }
}

/** How many tests of a file are named `slow: …`: `test("slow: …"`, `test.concurrent(\`slow: …\``, … */
function slowTests(file: string): number {
  try {
    return readFileSync(file, "utf8").match(/\b(?:test|it)(?:\.\w+)*\(\s*["'`]slow: /g)?.length ?? 0;
  } catch {
    return 0;
  }
}
