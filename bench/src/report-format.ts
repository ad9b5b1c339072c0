import { type Budgets, lighthouseMinimum } from "./budgets.ts";
import type { LighthouseResult, LighthouseScores, RouteResult } from "./types.ts";

/** Formatting shared by the report's sections (report.ts). */

/** A route that Lighthouse measured. */
export type WithLighthouse = RouteResult & { lighthouse: LighthouseResult };
/** Whether Lighthouse measured `r`. */
export const hasLighthouse = (r: RouteResult): r is WithLighthouse => r.lighthouse !== undefined;

/** What follows a value that misses its budget. */
export const MISS = " ✗";

/** A Markdown table from a header and rows; `|` inside cells is escaped. */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align?: readonly ("l" | "r")[],
): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const sep = header.map((_, i) => ((align?.[i] ?? "l") === "r" ? "---:" : "---"));
  return [header, sep, ...rows].map((r) => `| ${r.map(cell).join(" | ")} |`).join("\n");
}

/** Milliseconds with `digits` decimals, or "–" for no value. */
export function ms(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined ? "–" : `${value.toFixed(digits)} ms`;
}

/** A number with `digits` decimals, or "–" for no value. */
export function num(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined ? "–" : value.toFixed(digits);
}

/** A score with ✗ when under its budget (a missing score is shown as "–" and also marked). */
export function score(route: RouteResult, key: keyof LighthouseScores, budgets: Budgets): string {
  const value = route.lighthouse?.median[key] ?? null;
  const miss = value === null || value < lighthouseMinimum(budgets, route.route, key);
  return `${value === null ? "–" : value}${miss ? MISS : ""}`;
}
