// `npm test`: every check, each once, in the order that fails fastest (architecture §4):
// React Router's typegen (once: knip and tsc both read the route types it writes), the
// translation catalogues (before tsc and the build: the check extracts and compiles them,
// rewriting files both read), then side by side on the machine's two cores tsc, and
// Biome → ESLint's regular-expression check (decision 029) → dependency-cruiser (no import cycle, type-only included: decision 025) → knip →
// the production build (once: the Playwright server and the process tests start it as
// built), then Vitest, then Playwright. Stops after the first step that fails, with its
// exit code, and ends with each stage's wall time, so the cost of the suite stays visible.
// Stages run side by side print their output when they end, whole. `node scripts/test.mjs
// vitest playwright` runs only the stages named.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npx = ["npx", "--no-install"];

/** A stage: its name and the command it runs from the repository's root. */
const stage = (name, command) => ({ name, command });

/**
 * The steps in order; a step is a list of chains run side by side, a chain a list of
 * stages run one after another. Vitest and Playwright each have the machine to themselves.
 */
const steps = [
  [[stage("typegen", ["npm", "run", "typegen", "-w", "@khayl/web", "--silent"])]],
  [[stage("i18n", ["npm", "run", "i18n:check", "--silent"])]],
  [
    [stage("typecheck", [...npx, "tsc", "-p", "tsconfig.json"])],
    [
      stage("biome", [...npx, "biome", "ci", "--error-on-warnings", "."]),
      stage("eslint", [...npx, "eslint", "."]),
      stage("cycles", ["npm", "run", "cycles", "--silent"]),
      stage("knip", [...npx, "knip"]),
      stage("build", ["npm", "run", "build", "--silent"]),
    ],
  ],
  [[stage("vitest", [...npx, "vitest", "run"])]],
  [[stage("playwright", [...npx, "playwright", "test"])]],
];
const names = steps.flat(2).map(({ name }) => name);

const only = process.argv.slice(2);
const unknown = only.filter((name) => !names.includes(name));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(", ")}; stages: ${names.join(", ")}`);
  process.exit(2);
}

/** @type {Map<string, { seconds: number; status: string }>} */
const times = new Map();

/**
 * Runs one stage; alone, its output goes straight to the terminal, beside another its
 * output is kept and printed whole when it ends. Answers its exit code.
 */
function run({ name, command: [command, ...args] }, alone) {
  const header = `\n▶ ${name}: ${[command, ...args].join(" ")}`;
  if (alone) console.log(header);
  const t0 = performance.now();
  const child = spawn(command, args, { cwd: root, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (status, signal) => {
      const code = status ?? 1;
      const seconds = (performance.now() - t0) / 1000;
      times.set(name, { seconds, status: code === 0 ? "ok" : `failed (${signal ?? `exit ${code}`})` });
      if (!alone) {
        console.log(header);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code);
    });
  });
}

/** Runs a chain's selected stages one after another; answers the first failing exit code, or 0. */
async function runChain(chain, alone) {
  for (const selected of chain.filter(({ name }) => only.length === 0 || only.includes(name))) {
    const code = await run(selected, alone);
    if (code !== 0) return code;
  }
  return 0;
}

let exitCode = 0;
const started = performance.now();
for (const chains of steps) {
  const live = chains.filter((chain) => chain.some(({ name }) => only.length === 0 || only.includes(name)));
  if (live.length === 0) continue;
  const codes = await Promise.all(live.map((chain) => runChain(chain, live.length === 1)));
  exitCode = codes.find((code) => code !== 0) ?? 0;
  if (exitCode !== 0) break;
}

const format = (seconds) => `${Math.floor(seconds / 60)}:${(seconds % 60).toFixed(1).padStart(4, "0")}`;
const width = Math.max(...names.map((name) => name.length), "total".length);
console.log(`\n${"stage".padEnd(width)}     wall  result`);
for (const name of names) {
  const time = times.get(name);
  if (time) console.log(name.padEnd(width), format(time.seconds).padStart(8), ` ${time.status}`);
}
console.log("total".padEnd(width), format((performance.now() - started) / 1000).padStart(8));
process.exit(exitCode);
