import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect, test } from "vitest";
import { createDb } from "./client.ts";
import { DataDirInUseError, dataDirLockFile, lockDataDir, removeIfStill } from "./data-dir-lock.ts";

/**
 * One process per embedded database: a second process on the same DATA_DIR is refused
 * rather than left to hand out the same support-request references and overwrite the
 * first's rows; a lock whose holder died does not hold up a restart.
 */
const work = mkdtempSync(path.join(os.tmpdir(), "khayl-lock-"));
const others: ChildProcess[] = [];
let dirs = 0;

afterEach(() => {
  for (const child of others.splice(0)) child.kill("SIGKILL");
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function dataDir(): string {
  const dir = path.join(work, `data-${++dirs}`);
  mkdirSync(dir);
  return dir;
}

/** Another process that runs until the test ends: a live holder. */
function otherProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
  others.push(child);
  return child.pid as number;
}

/** The pid of a process that has exited: a holder that crashed. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid as number;
}

test("a DATA_DIR held by another live process is refused, by createDb too, with what to do", async () => {
  const dir = dataDir();
  const pid = otherProcess();
  writeFileSync(dataDirLockFile(dir), `${pid}\n`);
  const message = `DATA_DIR ${dir} is in use by another process (pid ${pid}): stop it first, or use another DATA_DIR`;
  expect(() => lockDataDir(dir)).toThrow(message);
  const refused = createDb({ dataDir: dir });
  await expect(refused).rejects.toBeInstanceOf(DataDirInUseError);
  await expect(refused).rejects.toThrow(message);
  // The holder's lock is left as it was.
  expect(readFileSync(dataDirLockFile(dir), "utf8")).toBe(`${pid}\n`);
});

test("a lock whose holder died (crash, kill -9) is taken over at once", async () => {
  const dir = dataDir();
  writeFileSync(dataDirLockFile(dir), `${await deadPid()}\n`);
  const release = lockDataDir(dir);
  expect(readFileSync(dataDirLockFile(dir), "utf8")).toBe(`${process.pid}\n`);
  release();
  expect(existsSync(dataDirLockFile(dir))).toBe(false);
});

test("one process cannot open a DATA_DIR twice, and may again once it has released it", async () => {
  const dir = dataDir();
  const release = lockDataDir(dir);
  expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  release();
  release(); // idempotent
  lockDataDir(dir)();
  expect(existsSync(dataDirLockFile(dir))).toBe(false);
});

test("slow: createDb holds DATA_DIR until close, so the next process may open it", async () => {
  const dir = dataDir();
  const handle = await createDb({ dataDir: dir });
  try {
    expect(readFileSync(dataDirLockFile(dir), "utf8")).toBe(`${process.pid}\n`);
    await expect(createDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
  } finally {
    await handle.close();
  }
  expect(existsSync(dataDirLockFile(dir))).toBe(false);
}, 60_000);

test("a crashed holder's lock taken by another process meanwhile is left to it, not removed", async () => {
  // Two restarts read the dead holder's pid; the first took the lock before the second removes "the stale one".
  const file = dataDirLockFile(dataDir());
  const stale = await deadPid();
  const taker = otherProcess();
  writeFileSync(file, `${taker}\n`);
  expect(removeIfStill(file, stale)).toBe(false);
  expect(readFileSync(file, "utf8")).toBe(`${taker}\n`);
  // Still the dead holder's: removed, and a start then takes it.
  writeFileSync(file, `${stale}\n`);
  expect(removeIfStill(file, stale)).toBe(true);
  expect(existsSync(file)).toBe(false);
});
