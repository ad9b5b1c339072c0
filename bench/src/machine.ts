import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MachineInfo } from "./types.ts";

function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

function packageVersion(root: string, name: string): string {
  try {
    return (
      JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }
    ).version;
  } catch {
    return "unknown";
  }
}

function nvmrc(root: string): string | undefined {
  try {
    return readFileSync(path.join(root, ".nvmrc"), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Node.js runtime's major version ("24" from "v24.21.0").
 */
function nodeMajor(version: string): string {
  return /^v?(\d+)/.exec(version)?.[1] ?? version;
}

/**
 * Whether this run's Node.js is another major than the product's (`.nvmrc`). False when
 * `.nvmrc` was not read.
 */
export function offProductNode(m: Pick<MachineInfo, "node" | "productNode">): boolean {
  return m.productNode !== undefined && nodeMajor(m.node) !== nodeMajor(m.productNode);
}

/** The machine, tool versions and git commit of this run (for the report header). */
export function machineInfo(root: string, chromePath: string): MachineInfo {
  const cpus = os.cpus();
  const chromium = /(\d+\.\d+\.\d+\.\d+)/.exec(run(chromePath, ["--version"], root))?.[1] ?? "unknown";
  const status = run("git", ["status", "--porcelain"], root)
    .split("\n")
    .filter((line) => line.trim() && !line.slice(3).startsWith("bench/results/"));
  const productNode = nvmrc(root);
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    ramGB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    ...(productNode ? { productNode } : {}),
    chromium,
    lighthouse: packageVersion(root, "lighthouse"),
    autocannon: packageVersion(root, "autocannon"),
    commit: run("git", ["rev-parse", "--short=10", "HEAD"], root) || "unknown",
    dirty: status.length > 0,
    loadStart: os.loadavg()[0] ?? 0,
    loadEnd: 0,
  };
}
