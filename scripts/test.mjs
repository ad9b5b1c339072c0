// `npm test`: every check, each once, in the order that fails fastest (architecture §4):
// Biome, React Router's typegen (once: knip and tsc both read the route types it writes),
// knip, the translation catalogues, tsc, the production build (once: the Playwright server
// and the deployment test start it as built), Vitest, then Playwright. Stops at the first
// stage that fails, with its exit code, and ends with each stage's wall time, so the cost
// of the suite stays visible. `node scripts/test.mjs vitest playwright` runs only the
// stages named.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npx = ["npx", "--no-install"];

/** Each stage: its name and the command it runs from the repository's root. */
const stages = [
  ["biome", [...npx, "biome", "ci", "--error-on-warnings", "."]],
  ["typegen", ["npm", "run", "typegen", "-w", "@khayl/web", "--silent"]],
  ["knip", [...npx, "knip"]],
  ["i18n", ["npm", "run", "i18n:check", "--silent"]],
  ["typecheck", [...npx, "tsc", "-p", "tsconfig.json"]],
  ["build", ["npm", "run", "build", "--silent"]],
  ["vitest", [...npx, "vitest", "run"]],
  ["playwright", [...npx, "playwright", "test"]],
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !stages.some(([stage]) => stage === name));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(", ")}; stages: ${stages.map(([name]) => name).join(", ")}`);
  process.exit(2);
}

/** @type {{ name: string; seconds: number; status: string }[]} */
const times = [];
let exitCode = 0;
const started = performance.now();
for (const [name, [command, ...args]] of stages) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n▶ ${name}: ${[command, ...args].join(" ")}`);
  const t0 = performance.now();
  const run = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  const seconds = (performance.now() - t0) / 1000;
  const code = run.status ?? 1;
  times.push({ name, seconds, status: code === 0 ? "ok" : `failed (${run.signal ?? `exit ${code}`})` });
  if (code !== 0) {
    exitCode = code;
    break;
  }
}

const format = (seconds) => `${Math.floor(seconds / 60)}:${(seconds % 60).toFixed(1).padStart(4, "0")}`;
const width = Math.max(...times.map(({ name }) => name.length), "total".length);
console.log(`\n${"stage".padEnd(width)}     wall  result`);
for (const { name, seconds, status } of times)
  console.log(name.padEnd(width), format(seconds).padStart(8), ` ${status}`);
console.log("total".padEnd(width), format((performance.now() - started) / 1000).padStart(8));
process.exit(exitCode);
