/** The signals that shut the server down (`npm start`, `npm run dev`). */
const SHUTDOWN_SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * How long after the first shutdown signal a further one is taken for the same request, in
 * ms: Ctrl-C on `npm start` in a terminal delivers SIGINT twice, once from the terminal to
 * the whole process group and once forwarded by npm, about 0.3 s apart.
 */
const REPEAT_WINDOW_MS = 1_000;

/**
 * Listens for SIGINT and SIGTERM for the life of the process: the first calls `shutDown`
 * (a graceful shutdown), a further one within `REPEAT_WINDOW_MS` of it is ignored (the
 * duplicate a terminal and npm both send), and one after that calls `force` (docs/deploy.md:
 * "a second SIGTERM ends it at once"). The listeners stay, so no signal ever reaches Node's
 * default handler, which would end the process at once with 128 + the signal's number.
 */
export function onShutdownSignals(
  shutDown: (signal: NodeJS.Signals) => void,
  force: (signal: NodeJS.Signals) => void,
): void {
  let firstAt: number | undefined;
  for (const signal of SHUTDOWN_SIGNALS) {
    process.on(signal, () => {
      const now = performance.now();
      if (firstAt === undefined) {
        firstAt = now;
        shutDown(signal);
      } else if (now - firstAt >= REPEAT_WINDOW_MS) force(signal);
    });
  }
}
