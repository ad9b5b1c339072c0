import { DataDirInUseError } from "./data-dir-lock.ts";

/**
 * What a person starting the site or a database tool (`npm start`, `npm run dev`,
 * `db:migrate`, `db:seed`) must do when opening the database failed with `error`, in one
 * short line naming the variable to change; null for an error of ours, which keeps its
 * stack. (`DataDirInUseError`: another process has DATA_DIR open.)
 */
export function databaseOpenProblem(error: unknown): string | null {
  if (error instanceof DataDirInUseError) return error.message;
  return null;
}

/**
 * Runs the start-up of a command-line tool: a known problem (`databaseOpenProblem`) is
 * printed as its one line and the process exits with status 1; any other error is thrown.
 */
export async function exitOnOpenProblem<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const problem = databaseOpenProblem(error);
    if (problem === null) throw error;
    console.error(problem);
    process.exit(1);
  }
}
