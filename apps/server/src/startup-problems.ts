import net from "node:net";
import type { Env } from "@khayl/config/env";

/** What an error of `listen` says about HOST or PORT, for a person (Node's codes). */
const LISTEN_PROBLEMS: Record<string, (env: Pick<Env, "HOST" | "PORT">) => string> = {
  EADDRINUSE: ({ HOST, PORT }) =>
    `PORT ${PORT} is already in use on ${HOST} by another process: stop it, or set PORT to a free port`,
  EACCES: ({ PORT }) =>
    `PORT ${PORT}: this user may not listen on it (ports below 1024 need privileges): set PORT to 1024 or above, behind a proxy`,
  EADDRNOTAVAIL: ({ HOST }) =>
    `HOST ${HOST} is not an address of this machine: set HOST to one of its addresses, or to localhost`,
  ENOTFOUND: ({ HOST }) =>
    `HOST ${HOST} is an unknown host name: set HOST to an address of this machine, or to localhost`,
  EAI_AGAIN: ({ HOST }) =>
    `HOST ${HOST} cannot be looked up now: set HOST to an address of this machine, or to localhost`,
};

/**
 * What the person starting the server (`npm start`, `npm run dev`) must do when listening
 * on HOST:PORT failed with `error`, in one short line naming the variable to change (in
 * use, privileged, not this machine's address); null for any other error.
 */
export function listenProblem(error: unknown, env: Pick<Env, "HOST" | "PORT">): string | null {
  const { code } = (error ?? {}) as { code?: unknown };
  const problem = typeof code === "string" ? LISTEN_PROBLEMS[code] : undefined;
  return problem ? problem(env) : null;
}

/** The logger calls `exitOnStartError` makes (the product's pino logger, Fastify's). */
interface StartLogger {
  fatal(details: object, message: string): void;
  debug(details: object, message: string): void;
}

/**
 * Ends a server that could not start with `error`: with `problem` (`listenProblem`,
 * `databaseOpenProblem`: a setup mistake) that one line on stderr, the error with its stack
 * only at LOG_LEVEL debug; otherwise the error with its stack at fatal. Exits with status 1.
 */
export function exitOnStartError(error: unknown, problem: string | null, log: StartLogger): never {
  if (problem === null) log.fatal({ err: error }, "the server could not start");
  else {
    log.debug({ err: error }, problem);
    console.error(problem);
  }
  process.exit(1);
}

/**
 * The port to listen on, resolved once HOST:PORT has been listened on now and closed again;
 * rejects with `listen`'s error otherwise (EADDRINUSE, …), so a port in use is reported
 * before the database is opened and migrated rather than after. For PORT 0 (any free port)
 * it is the port the system chose for that probe, so that the links built from the port
 * (the site's public URL, the printed invoice link) lead to the server.
 */
export async function checkListenable({ HOST, PORT }: Pick<Env, "HOST" | "PORT">): Promise<number> {
  return await new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen({ port: PORT, host: HOST, exclusive: true }, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : PORT;
      probe.close(() => resolve(port));
    });
  });
}
