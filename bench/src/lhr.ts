import type { Result } from "lighthouse";
import type { FailedAudit, LighthouseRun } from "./types.ts";

/** Lighthouse category ids → the labels the report uses. */
export const categories = {
  performance: "performance",
  accessibility: "accessibility",
  "best-practices": "best practices",
  seo: "SEO",
} as const;

const score = (value: number | null | undefined) => (typeof value === "number" ? Math.round(value * 100) : null);
const numeric = (lhr: Result, id: string) => {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? value : null;
};

/** One Lighthouse result reduced to the table's scores and metrics. */
export function summarise(lhr: Result): LighthouseRun {
  return {
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories["best-practices"]?.score),
    seo: score(lhr.categories.seo?.score),
    fcpMs: numeric(lhr, "first-contentful-paint"),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    transferBytes: numeric(lhr, "total-byte-weight"),
  };
}

/** Lighthouse's CPU benchmark of the host a run measured on (`environment.benchmarkIndex`), when it has one. */
export function benchmarkIndexOf(lhr: Result): number | null {
  const value = lhr.environment?.benchmarkIndex;
  return typeof value === "number" && Number.isFinite(value) ? Math.round(value) : null;
}

/** A short, readable line for one item of an audit's details table (URL, selector, snippet…). */
function itemText(item: Record<string, unknown>): string | null {
  if (typeof item.type === "string") return null; // nested sections (network tree, checklists): not one offender
  const node = item.node as { selector?: string; snippet?: string; nodeLabel?: string } | undefined;
  const parts: string[] = [];
  if (typeof item.url === "string") parts.push(item.url.replace(/^https?:\/\/[^/]+/, ""));
  if (node?.snippet) parts.push(node.snippet.slice(0, 140));
  else if (node?.selector) parts.push(node.selector);
  if (typeof item.description === "string" && !parts.length) parts.push(item.description.slice(0, 140));
  for (const key of ["wastedMs", "wastedBytes", "totalBytes"]) {
    if (typeof item[key] === "number") parts.push(`${key} ${Math.round(item[key] as number)}`);
  }
  return parts.length ? parts.join(" · ") : null;
}

/**
 * Audits of the four categories that did not pass (score under 1, or errored), with up
 * to five offending items each; informative, manual and not-applicable audits are left out.
 */
export function failedAudits(lhr: Result): FailedAudit[] {
  const failed: FailedAudit[] = [];
  const seen = new Set<string>();
  for (const [id, label] of Object.entries(categories)) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      // Metrics are in the table already (`metricLoss` says what each costs); "hidden" ones (TTI, max FID)
      // weigh nothing.
      if (!audit || seen.has(ref.id) || ref.group === "metrics" || ref.group === "hidden") continue;
      const errored = audit.scoreDisplayMode === "error";
      const scored =
        audit.scoreDisplayMode === "binary" ||
        audit.scoreDisplayMode === "numeric" ||
        audit.scoreDisplayMode === "metricSavings";
      if (!errored && !(scored && typeof audit.score === "number" && audit.score < 1)) continue;
      seen.add(ref.id);
      const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
      const items = (details?.items ?? [])
        .map(itemText)
        .filter((s): s is string => Boolean(s))
        .slice(0, 5);
      failed.push({
        id: ref.id,
        category: label,
        title: audit.title,
        score: errored ? null : Math.round((audit.score ?? 0) * 100),
        ...(audit.displayValue
          ? { displayValue: audit.displayValue }
          : errored && audit.errorMessage
            ? { displayValue: `error: ${audit.errorMessage}` }
            : {}),
        ...(items.length ? { items } : {}),
      });
    }
  }
  return failed;
}

/**
 * Performance points each metric costs: its weight in the performance score × (1 − its
 * score), e.g. `{ "first-contentful-paint": 3.1 }` (rounded to 0.1; metrics that cost
 * nothing are left out).
 */
export function metricLoss(lhr: Result): Record<string, number> {
  const loss: Record<string, number> = {};
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const score = lhr.audits[ref.id]?.score;
    if (ref.weight > 0 && typeof score === "number" && score < 1)
      loss[ref.id] = Math.round(ref.weight * (1 - score) * 10) / 10;
  }
  return loss;
}

/** The LCP element as "selector — snippet", from the LCP breakdown insight or the older element audit. */
export function lcpElement(lhr: Result): string | undefined {
  for (const id of ["lcp-breakdown-insight", "largest-contentful-paint-element"]) {
    const details = lhr.audits[id]?.details as unknown;
    const found = findNode(details);
    if (found) return found;
  }
  return undefined;
}

function findNode(value: unknown, depth = 0): string | undefined {
  if (!value || typeof value !== "object" || depth > 6) return undefined;
  const record = value as Record<string, unknown>;
  if (record.type === "node" && (typeof record.snippet === "string" || typeof record.selector === "string")) {
    return [record.selector, record.snippet].filter(Boolean).join(" — ").slice(0, 200);
  }
  for (const child of Array.isArray(value) ? value : Object.values(record)) {
    const found = findNode(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Why a run has a missing category score (a runtime error or an errored metric), or null. */
export function runProblem(lhr: Result): string | null {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  for (const [id, category] of Object.entries(lhr.categories)) {
    if (category.score !== null) continue;
    const errored = category.auditRefs.map((ref) => lhr.audits[ref.id]).find((a) => a?.scoreDisplayMode === "error");
    return `${id} has no score${errored ? `: ${errored.id} ${errored.errorMessage ?? "errored"}` : ""}`;
  }
  return null;
}
