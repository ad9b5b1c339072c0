import { errorEnvelope } from "@khayl/contract/envelope";
import { type DbHandle, ping } from "@khayl/db/client";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

export interface ProbesOptions {
  /** This site's database (the in-process API's, or with `API_URL` the alerts module's: decision 028). */
  database: DbHandle;
  /** True once shutdown began (`Host.close`). */
  stopping: () => boolean;
  /** The clock of `DbHandle.lastResourceFailure` (default `performance.now`; tests). */
  now?: () => number;
}

/** How long readiness waits for the database's answer, in ms. */
const PING_TIMEOUT_MS = 2_000;
/** How long readiness answers 503 after a query failed for want of disk space or memory, in ms. */
export const RESOURCE_FAILURE_MS = 60_000;

/**
 * Liveness and readiness for a load balancer or orchestrator: `GET /livez` answers 200
 * while the process runs; `GET /readyz` answers 200 when the database answers within
 * 2 s, and 503 while it does not, for `RESOURCE_FAILURE_MS` after a query of the database
 * (PGlite or PostgreSQL) failed for want of disk space or memory
 * (`DbHandle.lastResourceFailure`: a full disk still answers `select 1`, but no write), or
 * once shutdown began.
 * Both in the API envelope (`success: true` on a 200), never cached.
 */
export const probes = fp<ProbesOptions>(
  async (app: FastifyInstance, { database, stopping, now = () => performance.now() }) => {
    const answer = (reply: FastifyReply, statusCode: number, message: string) =>
      reply
        .code(statusCode)
        .header("cache-control", "no-store")
        .send(statusCode === 200 ? { success: true, statusCode, message } : errorEnvelope(statusCode, message));
    app.get("/livez", async (_request, reply) => answer(reply, 200, "live"));
    app.get("/readyz", async (_request, reply) => {
      if (stopping()) return answer(reply, 503, "Shutting down");
      const failure = database.lastResourceFailure();
      if (failure && now() - failure.at < RESOURCE_FAILURE_MS)
        return answer(reply, 503, failure.code === "53100" ? "Database out of disk space" : "Database out of memory");
      let timer: NodeJS.Timeout | undefined;
      const reachable = await Promise.race([
        ping(database.db).then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS))),
      ]).finally(() => clearTimeout(timer));
      if (!reachable) return answer(reply, 503, "Database unreachable");
      return answer(reply, 200, "ready");
    });
  },
  { name: "probes" },
);
