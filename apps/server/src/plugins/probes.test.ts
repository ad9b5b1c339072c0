import type { DbHandle } from "@khayl/db/client";
import Fastify from "fastify";
import { expect, test } from "vitest";
import { probes, RESOURCE_FAILURE_MS } from "./probes.ts";

/**
 * A database that answers `select 1` (as a PGlite on a full disk still does) and reports
 * `failure` as its last query that failed for want of disk space or memory.
 */
function databaseWith(failure: () => { code: string; at: number } | undefined): DbHandle {
  return { db: { execute: async () => [] }, lastResourceFailure: failure } as unknown as DbHandle;
}

test("readiness answers 503 for a while after a write failed for want of disk space or memory, then 200", async () => {
  let now = 1_000_000;
  let failure: { code: string; at: number } | undefined;
  const app = Fastify();
  await app.register(probes, { database: databaseWith(() => failure), stopping: () => false, now: () => now });
  try {
    const ready = async () => {
      const answer = await app.inject("/readyz");
      return { status: answer.statusCode, body: answer.json(), cache: answer.headers["cache-control"] };
    };
    expect((await ready()).status).toBe(200);

    failure = { code: "53100", at: now };
    expect(await ready()).toEqual({
      status: 503,
      body: { success: false, statusCode: 503, message: "Database out of disk space" },
      cache: "no-store",
    });
    now += RESOURCE_FAILURE_MS - 1;
    expect((await ready()).status).toBe(503);
    // Alive all the while: a supervisor has no reason to restart it.
    expect((await app.inject("/livez")).statusCode).toBe(200);
    now += 1;
    expect((await ready()).status).toBe(200);

    failure = { code: "53200", at: now };
    expect((await ready()).body.message).toBe("Database out of memory");
  } finally {
    await app.close();
  }
});
