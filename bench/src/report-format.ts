import type { LighthouseResult, RouteResult } from "./types.ts";

/** Formatting shared by the report's sections (report.ts). */

/** The Lighthouse result of `route` at one CPU slowdown, if it was measured there. */
export function lighthouseAt(route: RouteResult, cpuSlowdown: number | string): LighthouseResult | undefined {
  return route.lighthouse?.[String(cpuSlowdown)];
}

/** The CPU slowdowns the routes were measured at by Lighthouse, ascending (`"4"`, `"8"`). */
export function measuredSlowdowns(routes: readonly RouteResult[]): string[] {
  return [...new Set(routes.flatMap((r) => Object.keys(r.lighthouse ?? {})))].sort((a, b) => Number(a) - Number(b));
}

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
