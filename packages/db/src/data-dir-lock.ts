import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * One process per embedded database (architecture §3.3): PGlite keeps its pages in its own
 * memory, so two processes on one `DATA_DIR/pglite` hand out the same numbers and each
 * overwrites what the other wrote. The holder writes its pid to `DATA_DIR/pglite.lock`;
 * another process refuses to open the folder while that pid is alive.
 *
 * Own code rather than `proper-lockfile`: that library judges a lock stale by its mtime,
 * refreshed by a timer, and PGlite's start-up and migrations block the event loop for
 * seconds on a loaded machine (a lock judged stale under a live holder), while a long
 * stale period would hold up a restart after a crash or a `kill -9`. A pid answers at
 * once whether the holder still runs. The file is made whole under a name of its own and
 * then hard-linked into place, which fails when the lock exists: no reader ever sees it
 * half-written.
 */

/** The lock file of an embedded database under `dataDir`. */
export function dataDirLockFile(dataDir: string): string {
  return path.resolve(dataDir, "pglite.lock");
}

/** Thrown by `lockDataDir` (and so `createDb`) while another live process holds `DATA_DIR`. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by another process (pid ${pid}): stop it first, or use another DATA_DIR`);
    this.name = "DataDirInUseError";
  }
}

/** Lock files this process holds (a second `createDb` on the same folder in one process is refused too). */
const held = new Set<string>();

/**
 * Whether the process `pid` of a lock file still runs. Our own pid and our parent's count
 * as not running, as PostgreSQL's postmaster.pid check does: this process does not hold the
 * lock (`held`), so the pid is a dead holder's, reused since (a container restarted with
 * the same volume gives its processes the same pids).
 */
function holderRuns(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || pid === process.ppid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the lock `file` only if it is still the one of the dead holder `stalePid` that was
 * read from it: moved aside under a name of this process (a rename is atomic), read, and put
 * back when it is another's by then. Two processes restarting together over one crashed
 * holder's lock both read its pid; the second's plain removal would have deleted the lock the
 * first had just taken, and both would have opened the database. Answers whether it removed
 * it (also when it was gone already).
 */
export function removeIfStill(file: string, stalePid: number): boolean {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
  if (Number.parseInt(readFileSync(aside, "utf8"), 10) === stalePid) {
    rmSync(aside, { force: true });
    return true;
  }
  // Another process's fresh lock: back in place (unless a third took the name meanwhile).
  try {
    linkSync(aside, file);
  } catch {
    // The name is taken again: that holder keeps it.
  }
  rmSync(aside, { force: true });
  return false;
}

/**
 * Takes the lock of the embedded database under `dataDir` (which must exist) for this
 * process, replacing a stale one (its holder crashed or was killed). Answers a function
 * that releases it (idempotent); it is also released when the process exits. Throws
 * `DataDirInUseError` while another live process holds it, or this process already does;
 * throws the file system's error (EACCES, ENOTDIR, …) when the lock cannot be written.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = dataDirLockFile(dataDir);
  if (held.has(file)) throw new DataDirInUseError(dataDir, process.pid);
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        linkSync(mine, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        let holder: number;
        try {
          holder = Number.parseInt(readFileSync(file, "utf8"), 10);
        } catch (readError) {
          // Released between the link and the read: try again.
          if ((readError as NodeJS.ErrnoException).code === "ENOENT" && attempt < 3) continue;
          throw readError;
        }
        // A live holder, or one that took the stale lock just before us.
        if (holderRuns(holder) || attempt >= 3) throw new DataDirInUseError(dataDir, holder);
        removeIfStill(file, holder);
      }
    }
  } finally {
    rmSync(mine, { force: true });
  }
  held.add(file);
  const release = () => {
    if (!held.delete(file)) return;
    process.off("exit", release);
    try {
      // Only our own: never a lock another process has taken since.
      if (Number.parseInt(readFileSync(file, "utf8"), 10) === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on("exit", release);
  return release;
}
