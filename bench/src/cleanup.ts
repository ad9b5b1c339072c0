/**
 * Everything the bench starts (server, Chromium, temporary folders) registers how to
 * undo it here; `runCleanup()` undoes it in reverse order on success, failure, SIGINT or
 * SIGTERM, so no process or folder is left behind.
 */
const tasks: { name: string; run: () => Promise<void> | void }[] = [];

/** Registers an undo step; answers a function that runs it now and unregisters it. */
export function onCleanup(name: string, run: () => Promise<void> | void): () => Promise<void> {
  const task = { name, run };
  tasks.push(task);
  return async () => {
    const index = tasks.indexOf(task);
    if (index === -1) return;
    tasks.splice(index, 1);
    await run();
  };
}

/** Runs every registered step, newest first; a failing step is reported and the rest still run. */
export async function runCleanup(): Promise<void> {
  for (let task = tasks.pop(); task; task = tasks.pop()) {
    try {
      await task.run();
    } catch (error) {
      console.error(`cleanup (${task.name}) failed: ${(error as Error).message}`);
    }
  }
}

let installed = false;
let interrupted = false;

/** True once SIGINT or SIGTERM arrived (errors from the stopped tools are then expected). */
export function wasInterrupted(): boolean {
  return interrupted;
}

/** Cleans up then exits (130 on SIGINT, 143 on SIGTERM). */
export function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping the server and Chromium, removing temporary folders…`);
      runCleanup().finally(() => process.exit(code));
    });
  }
}
