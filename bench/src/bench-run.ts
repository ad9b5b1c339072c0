import type { CliOptions } from "./cli.ts";
import type { BenchResults } from "./types.ts";

/** What every phase of one bench run shares (set up by main.ts). */
export interface BenchRun {
  /** The repository's root. */
  root: string;
  /** Debian's Chromium, for Lighthouse and Playwright. */
  chromePath: string;
  /** The run's temporary folder (removed at the end). */
  tmp: string;
  /** `bench/results/runs/<time>[-quick|-partial]`. */
  runDir: string;
  options: CliOptions;
  settings: BenchResults["settings"];
  /** Seconds per phase, in the order they started. */
  phases: Record<string, number>;
  /** Notes for the report (what was repeated, skipped or odd). */
  notes: string[];
  log: (line: string) => void;
  /** Runs `work` as the phase `name`: logs it and records its seconds in `phases`. */
  phase: <T>(name: string, work: () => Promise<T> | T) => Promise<T>;
  /** Starts seeding the first scale step's rows (once), so that it runs while pages are weighed. */
  seedFirst: () => Promise<void>;
}
