// `npm start`: builds the web app when its build is missing or older than its sources,
// then runs the one server process in production mode (architecture §5: React's development
// build serves pages at a third of the speed).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

process.env.NODE_ENV ??= "production";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildEntry = path.resolve(root, "apps/web", process.env.WEB_BUILD_DIR ?? "build", "server/index.js");
const sources = [
  "apps/web/app",
  "apps/web/public",
  "apps/web/vite.config.ts",
  "packages/contract/src",
  "packages/config/src",
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

const builtAt = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
if (process.argv.includes("--build") || builtAt < Math.max(...sources.map((s) => newest(path.join(root, s))))) {
  console.log(
    builtAt ? "Sources changed since the last build: building the web app…" : "Building the web app (first start)…",
  );
  execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
}

const { register } = await import("tsx/esm/api");
register();
await import(path.join(root, "apps/server/src/main.ts"));
