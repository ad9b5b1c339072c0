import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createDb } from "./client.ts";
import { databaseOpenProblem } from "./open-problems.ts";

/**
 * The setup mistakes a newcomer makes with DATA_DIR and DATABASE_URL are one line naming
 * the variable and what to do (`npm start`, `npm run dev`, `db:migrate` print it and exit
 * 1), from the errors opening the database really throws.
 */
const work = mkdtempSync(path.join(os.tmpdir(), "khayl-open-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What opening and migrating the database at `place` throws (it must throw). */
async function openingError(place: { DATA_DIR: string; DATABASE_URL?: string }): Promise<unknown> {
  try {
    const handle = await createDb({ dataDir: place.DATA_DIR, databaseUrl: place.DATABASE_URL });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  } catch (error) {
    return error;
  }
  throw new Error("the database opened");
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test("a DATA_DIR that is a file, or not writable, names DATA_DIR and what to do", async () => {
  const file = path.join(work, "a-file");
  writeFileSync(file, "");
  for (const DATA_DIR of [file, path.join(file, "below")]) {
    const place = { DATA_DIR };
    expect(databaseOpenProblem(await openingError(place), place)).toBe(
      `DATA_DIR ${DATA_DIR} cannot be used: part of that path is a file, not a folder (${path.join(DATA_DIR, "pglite")}); set DATA_DIR to a folder this user may write, or fix that one`,
    );
  }
  // The error `mkdir` gives a user who may not write there (these tests may run as root, who may).
  const denied = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/khayl/pglite'"), {
    code: "EACCES",
    syscall: "mkdir",
    path: "/srv/khayl/pglite",
  });
  expect(databaseOpenProblem(denied, { DATA_DIR: "/srv/khayl" })).toBe(
    "DATA_DIR /srv/khayl cannot be used: this user may not write there (/srv/khayl/pglite); set DATA_DIR to a folder this user may write, or fix that one",
  );
  // A file elsewhere is not DATA_DIR's problem.
  expect(databaseOpenProblem({ ...denied, path: "/etc/khayl" }, { DATA_DIR: "/srv/khayl" })).toBeNull();
});

/** A read-only tmpfs under `work`, or undefined where this user may not mount one (not root). */
function readOnlyMount(): string | undefined {
  const dir = path.join(work, "read-only");
  mkdirSync(dir);
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", dir]);
  return mounted.status === 0 ? dir : undefined;
}
const readOnly = readOnlyMount();
afterAll(() => {
  if (readOnly) execFileSync("umount", [readOnly]);
});

// Round twenty: on a read-only file system Node's recursive mkdir says ENOENT, and the start
// ended with a fatal stack instead of the line that names DATA_DIR.
describe.skipIf(!readOnly)("on a read-only file system (a tmpfs this test mounts as root)", () => {
  test("a DATA_DIR to be made there names DATA_DIR and says it is read-only", async () => {
    const DATA_DIR = path.join(readOnly as string, "data");
    const problem = databaseOpenProblem(await openingError({ DATA_DIR }), { DATA_DIR });
    expect(problem).toBe(
      `DATA_DIR ${DATA_DIR} cannot be used: the file system is read-only (${readOnly}); set DATA_DIR to a folder this user may write, or fix that one`,
    );
  });
});

test("a DATABASE_URL where nothing listens names DATABASE_URL, never its password", async () => {
  const place = { DATA_DIR: work, DATABASE_URL: `postgres://khayl:s3cret@127.0.0.1:${await closedPort()}/khayl` };
  const problem = databaseOpenProblem(await openingError(place), place);
  expect(problem).toMatch(
    /^DATABASE_URL: nothing answers at 127\.0\.0\.1:\d+ \(is PostgreSQL running there\?\); fix DATABASE_URL, or unset it to use the embedded database under DATA_DIR$/,
  );
  expect(problem).not.toContain("s3cret");
});

test("an error of ours is no setup mistake: it keeps its stack", () => {
  expect(databaseOpenProblem(new Error("relation does not exist"), { DATA_DIR: work })).toBeNull();
  expect(databaseOpenProblem(Object.assign(new Error("x"), { code: "42P01" }), { DATA_DIR: work })).toBeNull();
});

const server = process.env.TEST_DATABASE_URL;
test.runIf(server)("a DATABASE_URL naming a database PostgreSQL does not have says to create it", async () => {
  const url = new URL(server as string);
  url.pathname = "/khayl_no_such_database";
  const place = { DATA_DIR: work, DATABASE_URL: url.href };
  expect(databaseOpenProblem(await openingError(place), place)).toBe(
    `DATABASE_URL: the database khayl_no_such_database does not exist at ${url.hostname}:${url.port || "5432"}: create it (createdb), or name another; fix DATABASE_URL, or unset it to use the embedded database under DATA_DIR`,
  );
});
