import path from "node:path";
import { DataDirInUseError } from "./data-dir-lock.ts";

/** The variables that say where the database is (`Env`'s names). */
export interface DatabasePlace {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
}

/** What a file system error code says about a folder, for a person. */
const FOLDER_PROBLEMS: Record<string, string> = {
  EACCES: "this user may not write there",
  EPERM: "this user may not write there",
  ENOTDIR: "part of that path is a file, not a folder",
  EEXIST: "it is a file, not a folder",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
};

/** What a PostgreSQL connection error says, for a person, from the code node-postgres or PostgreSQL gives. */
const CONNECTION_PROBLEMS: Record<string, (where: string, url: URL) => string> = {
  ECONNREFUSED: (where) => `nothing answers at ${where} (is PostgreSQL running there?)`,
  ETIMEDOUT: (where) => `${where} does not answer (a firewall, or the wrong host?)`,
  EHOSTUNREACH: (where) => `${where} cannot be reached from this machine`,
  ENETUNREACH: (where) => `${where} cannot be reached from this machine`,
  ENOTFOUND: (_where, url) => `the host ${url.hostname} is unknown`,
  EAI_AGAIN: (_where, url) => `the host ${url.hostname} cannot be looked up now`,
  "3D000": (where, url) =>
    `the database ${decodeURIComponent(url.pathname.slice(1)) || "(none named)"} does not exist at ${where}: create it (createdb), or name another`,
  "28P01": (where, url) => `${where} refused the password of user ${decodeURIComponent(url.username)}`,
  "28000": (where, url) => `${where} does not let user ${decodeURIComponent(url.username) || "(none named)"} in`,
  "57P03": (where) => `PostgreSQL at ${where} is still starting up: try again in a moment`,
  "53300": (where) => `PostgreSQL at ${where} has no connection left (max_connections)`,
};

/** `error`'s own `code`, or that of its cause or its first aggregated error. */
function codeOf(error: unknown, depth = 0): string | undefined {
  if (typeof error !== "object" || error === null || depth > 3) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string") return code;
  if (Array.isArray(errors) && errors.length > 0) return codeOf(errors[0], depth + 1);
  return codeOf(cause, depth + 1);
}

/** Whether `file` is `dir` or inside it, or one of the folders above it (all resolved from the working directory). */
function concerns(file: string, dir: string): boolean {
  const [a, b] = [path.resolve(file), path.resolve(dir)];
  const inside = (child: string, parent: string) => {
    const relative = path.relative(parent, child);
    return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
  };
  return inside(a, b) || inside(b, a);
}

/**
 * What a person starting the site or a database tool (`npm start`, `npm run dev`,
 * `db:migrate`, `db:seed`) must do when it failed with `error`, in one short line that
 * names the variable to change; null for any other error, which keeps its stack. Known:
 * `DataDirInUseError` (another process has DATA_DIR open); a file system error on DATA_DIR
 * or a file in it (not writable, a file, read-only, full); a PostgreSQL at DATABASE_URL
 * that refuses the connection, cannot be found or reached, has no such database or refuses
 * the user. The password of DATABASE_URL is never printed.
 */
export function databaseOpenProblem(error: unknown, place: DatabasePlace): string | null {
  if (error instanceof DataDirInUseError) return error.message;
  const code = codeOf(error);
  if (code === undefined) return null;
  const file = (error as { path?: unknown }).path;
  if (typeof file === "string" && FOLDER_PROBLEMS[code] && concerns(file, place.DATA_DIR))
    return `DATA_DIR ${place.DATA_DIR} cannot be used: ${FOLDER_PROBLEMS[code]} (${file}); set DATA_DIR to a folder this user may write, or fix that one`;
  const connection = CONNECTION_PROBLEMS[code];
  if (place.DATABASE_URL && connection) {
    const url = new URL(place.DATABASE_URL);
    const where = `${url.hostname}:${url.port || "5432"}`;
    return `DATABASE_URL: ${connection(where, url)}; fix DATABASE_URL, or unset it to use the embedded database under DATA_DIR`;
  }
  return null;
}

/**
 * Runs the start of a command-line tool on the database at `place`: a known problem
 * (`databaseOpenProblem`) is printed as its one line and the process exits with status 1;
 * any other error is thrown.
 */
export async function exitOnOpenProblem<T>(place: DatabasePlace, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const problem = databaseOpenProblem(error, place);
    if (problem === null) throw error;
    console.error(problem);
    process.exit(1);
  }
}
