import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSize } from "./stats.ts";
import type { BaselineResult, Bytes } from "./types.ts";

const inputs = ["package.json", "package-lock.json", "index.html", "src/main.js", "vite.config.js"];

function weigh(files: string[], dir: string): Bytes {
  const sized = files
    .map((file) => {
      const data = readFileSync(path.join(dir, file));
      return { path: file, raw: data.length, gzip: gzipSize(data) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return { raw: sized.reduce((n, f) => n + f.raw, 0), gzip: sized.reduce((n, f) => n + f.gzip, 0), files: sized };
}

/**
 * The baseline's weight (bench/baseline: the original client stack bundled by Vite).
 * Installs its own packages into bench/baseline/node_modules from its own lockfile when
 * they are missing or stale (`npm install --prefix bench/baseline`: the product's
 * workspaces and root lockfile are untouched), builds it, and caches the answer in
 * dist/result.json keyed by a hash of its inputs, so reruns cost nothing.
 */
export function measureBaseline(root: string, log: (line: string) => void): BaselineResult {
  const dir = path.join(root, "bench/baseline");
  const hash = createHash("sha256");
  for (const file of inputs) hash.update(readFileSync(path.join(dir, file)));
  const stamp = hash.digest("hex");
  const cache = path.join(dir, "dist/result.json");
  if (existsSync(cache)) {
    const cached = JSON.parse(readFileSync(cache, "utf8")) as { stamp: string; result: BaselineResult };
    if (cached.stamp === stamp) {
      log("  baseline unchanged: using bench/baseline/dist/result.json");
      return cached.result;
    }
  }

  const installedLock = path.join(dir, "node_modules/.package-lock.json");
  const lock = JSON.parse(readFileSync(path.join(dir, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  const installed = existsSync(installedLock)
    ? (JSON.parse(readFileSync(installedLock, "utf8")) as { packages: Record<string, { version?: string }> }).packages
    : {};
  const stale = Object.entries(lock.packages).some(
    ([key, entry]) => key !== "" && installed[key]?.version !== entry.version,
  );
  if (stale) {
    log("  installing the baseline's packages into bench/baseline/node_modules…");
    execFileSync("npm", ["install", "--prefix", dir, "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  log("  building the baseline with Vite…");
  try {
    execFileSync(
      process.execPath,
      [path.join(dir, "node_modules/vite/bin/vite.js"), "build", "--config", path.join(dir, "vite.config.js")],
      {
        cwd: dir,
        env: { ...process.env, NODE_ENV: "production" },
        stdio: "pipe",
      },
    );
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`The baseline build failed:\n${stdout?.toString() ?? ""}${stderr?.toString() ?? ""}`);
  }

  const assets = path.join(dir, "dist/assets");
  const files = readdirSync(assets);
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const packages: Record<string, string> = {};
  for (const [name, range] of Object.entries(manifest.dependencies)) {
    packages[name] = lock.packages[`node_modules/${name}`]?.version ?? range;
  }
  const result: BaselineResult = {
    packages,
    js: weigh(
      files.filter((f) => f.endsWith(".js")).map((f) => `assets/${f}`),
      path.join(dir, "dist"),
    ),
    css: weigh(
      files.filter((f) => f.endsWith(".css")).map((f) => `assets/${f}`),
      path.join(dir, "dist"),
    ),
  };
  writeFileSync(cache, JSON.stringify({ stamp, result }, null, 2));
  return result;
}
