import { parseArgs } from "node:util";

export const phases = ["lighthouse", "weight", "scale", "throughput"] as const;

/**
 * The CPU slowdowns a run measures Lighthouse at unless `--cpu-slowdown` says otherwise:
 * Lighthouse's default mobile throttling (4×), then a low-end phone on these hosts (8×);
 * decision 024's budgets judge both (`bench/budgets.json`). `--quick` measures the first only.
 */
export const defaultCpuSlowdowns: readonly number[] = [4, 8];
type Phase = (typeof phases)[number];

export interface CliOptions {
  quick: boolean;
  /** Run `npm run build` first (default); `--no-build` reuses the current build. */
  build: boolean;
  /** Only these product §2 patterns (`--routes /,/flights`); all when absent. */
  routes: string[] | null;
  /** Only these phases (`--only lighthouse,weight`); all when absent. */
  only: Set<Phase>;
  /** Lighthouse runs per route (3; 1 with --quick; `--runs N` overrides). */
  runs: number;
  /**
   * Lighthouse's simulated CPU slowdowns, in the order run, without repeats
   * (`--cpu-slowdown N[,M]`; else `defaultCpuSlowdowns`, 4 alone with `--quick`).
   */
  cpuSlowdowns: number[];
  help: boolean;
}

export const usage = `Usage: npm run bench [-- options]

  --quick              1 Lighthouse run at 4× only, routes / /transport /flights, 3 s load tests,
                       10 and 1000 rows
  --no-build           reuse the current web build (npm start still rebuilds a stale one)
  --routes A,B         only these product §2 routes, e.g. --routes /,/blogs/{id}
  --only P,Q           only these phases: ${phases.join(", ")}
  --runs N             Lighthouse runs per route at each slowdown (default 3, --quick 1)
  --cpu-slowdown N[,M] Lighthouse's simulated CPU slowdowns (default ${defaultCpuSlowdowns.join(",")}: every route at
                       4×, Lighthouse's default, then at 8×, a low-end phone here; --quick: 4)

A full run (no --quick/--routes/--only/--runs, Lighthouse at ${defaultCpuSlowdowns.join(" and ")}) writes
bench/results/latest.{json,md}; every run also writes bench/results/runs/<time>[-quick|-partial]/.
Exit status: 0 every budget holds, 1 a budget is missed, 2 the bench failed.`;

/** Parses `npm run bench -- …` arguments. Throws on an unknown option or phase. */
export function parseCli(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      quick: { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      routes: { type: "string" },
      only: { type: "string" },
      runs: { type: "string" },
      "cpu-slowdown": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const only = new Set<Phase>();
  for (const name of (values.only ?? phases.join(","))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(phases as readonly string[]).includes(name))
      throw new Error(`Unknown phase "${name}" (known: ${phases.join(", ")})`);
    only.add(name as Phase);
  }
  const runs = values.runs === undefined ? (values.quick ? 1 : 3) : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error(`--runs must be 1 to 9, not "${values.runs}"`);
  const slowdown = values["cpu-slowdown"];
  const cpuSlowdowns =
    slowdown === undefined ? (values.quick ? defaultCpuSlowdowns.slice(0, 1) : [...defaultCpuSlowdowns]) : [];
  for (const part of slowdown?.split(",").map((s) => s.trim()) ?? []) {
    const value = Number(part);
    if (part === "" || !(Number.isFinite(value) && value >= 1 && value <= 20))
      throw new Error(`--cpu-slowdown must be 1 to 20 (or a list, 4,8), not "${slowdown}"`);
    if (!cpuSlowdowns.includes(value)) cpuSlowdowns.push(value);
  }
  return {
    quick: values.quick ?? false,
    build: !values["no-build"],
    routes: values.routes
      ? values.routes
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : null,
    only,
    runs,
    cpuSlowdowns,
    help: values.help ?? false,
  };
}

/**
 * True when the run is the complete, default measurement that may replace `latest.*`:
 * every route and phase, 3 Lighthouse runs at each of `defaultCpuSlowdowns`, in that order.
 */
export function isFullRun(options: CliOptions): boolean {
  return (
    !options.quick &&
    options.routes === null &&
    options.only.size === phases.length &&
    options.runs === 3 &&
    options.cpuSlowdowns.join(",") === defaultCpuSlowdowns.join(",")
  );
}
