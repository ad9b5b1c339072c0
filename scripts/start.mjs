// `npm start`: runs the built server (apps/server/dist/main.js, plain JavaScript) in
// production mode (architecture §5: React's development build serves pages at a third of
// the speed). On a development checkout it first builds whatever is missing or older than
// its sources; a production install (`npm run build`, then `npm prune --omit=dev`) has no
// build tools and runs what was built. `--build` forces a build; `--build-only` builds what
// is stale and exits without starting (the process tests run the built server directly).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webEntry = path.resolve(root, "apps/web", process.env.WEB_BUILD_DIR ?? "build", "server/index.js");
const serverEntry = path.resolve(root, "apps/server/dist/main.js");

/** What each build is made from (tests included: a little over-eager, never stale). */
const builds = [
  {
    name: "web app",
    entry: webEntry,
    workspace: "@khayl/web",
    dir: "apps/web",
    tool: "@react-router/dev",
    sources: [
      "apps/web/app",
      "apps/web/public",
      "apps/web/vite.config.ts",
      "apps/web/react-router.config.ts",
      "apps/web/lingui.config.ts",
      "apps/web/package.json",
      "packages/contract/src",
      "packages/config/src",
    ],
  },
  {
    name: "server",
    entry: serverEntry,
    workspace: "@khayl/server",
    dir: "apps/server",
    tool: "esbuild",
    sources: [
      "apps/server/src",
      "apps/server/build.mjs",
      "apps/api/src",
      "packages/config/src",
      "packages/contract/src",
      "packages/db/src",
    ],
  },
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

/** Whether a workspace's build tool is installed (a production install has pruned it). */
function installed(dir, tool) {
  return [path.join(root, dir), root].some((base) => existsSync(path.join(base, "node_modules", tool, "package.json")));
}

for (const build of builds) {
  const builtAt = existsSync(build.entry) ? statSync(build.entry).mtimeMs : 0;
  const stale = builtAt < Math.max(...build.sources.map((s) => newest(path.join(root, s))));
  if (!process.argv.includes("--build") && !stale) continue;
  if (!installed(build.dir, build.tool)) {
    if (builtAt) continue; // a production install: run what was built
    console.error(`The ${build.name} is not built and the build tools are not installed: run \`npm run build\` first.`);
    process.exit(1);
  }
  console.log(
    builtAt ? `Sources changed since the last build: building the ${build.name}…` : `Building the ${build.name}…`,
  );
  execSync(`npm run build --silent -w ${build.workspace}`, { cwd: root, stdio: "inherit" });
}

if (!process.argv.includes("--build-only")) await import(pathToFileURL(serverEntry).href);
