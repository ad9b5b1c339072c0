import { randomBytes } from "node:crypto";
import net from "node:net";
import { parseEnv } from "@khayl/config/env";
import { createDb, type DbHandle } from "@khayl/db/client";
import { afterEach, expect, test } from "vitest";
import { buildApp } from "../../app.ts";
import { createLogger } from "../../http/log.ts";
import { databaseOutagesOf } from "../../http/outage-log.ts";
import { createRetentionJob } from "../retention/purge.ts";
import { testSealer } from "./testing.ts";
import { createMailWorker, type MailWorker } from "./worker.ts";

/**
 * What the background rounds (the mail outbox's every 2 s, the retention purge's) write to
 * the log while the database is away or failing (decision 023, docs/deploy.md "Logs"): the
 * product's real logger, read back as the JSON lines an operator sees. No real PostgreSQL
 * is needed: the "server" is a closed port.
 */
const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

/** The product's logger writing to an array of parsed lines. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger("debug", { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines, messages: () => lines.map((l) => String(l.msg)) };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function started(worker: MailWorker) {
  worker.start();
  opened.push({ close: () => worker.stop({ graceMs: 1_000 }) });
  return worker;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a database outage met by the mail worker, the retention round and requests is one outage: first line, counts, one end", async () => {
  const database: DbHandle = await createDb({
    databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/none`,
  });
  opened.push(database);
  const { log, lines, messages } = capturedLog();
  // The summary every 400 ms instead of every minute (the first to ask sets it).
  databaseOutagesOf(database.db, log, { intervalMs: 400 });
  const env = parseEnv({ DATA_DIR: "./data/test", SECRET_KEY: randomBytes(32).toString("hex") });
  const app = await buildApp({ db: database.db, env }, { logger: log });
  opened.push(app);

  const worker = createMailWorker({ db: database.db, env, sealer: testSealer, log, intervalMs: 20 });
  worker.start();
  const retention = createRetentionJob({ db: database.db, kind: database.kind, log, intervalMs: 50 });
  retention.start();
  for (let n = 0; n < 10; n++) {
    expect((await app.inject({ url: "/api/v1/event-services/website?limit=5" })).statusCode).toBe(503);
    await sleep(100);
  }

  // The first failure, with its (safe) error, and never a line a round.
  const first = lines.filter((l) => l.outage === "the database is unreachable" && l.err);
  expect(first).toHaveLength(1);
  expect(String(first[0]?.msg)).toMatch(/the database is unreachable$/);
  expect(JSON.stringify(first[0]?.err)).not.toMatch(/params:/);
  expect(messages().filter((m) => m === "mail outbox round failed" || m === "retention purge failed")).toEqual([]);
  // Then counts, of the worker's rounds, the retention's and the requests' alike…
  const counts = lines.filter((l) => /more failures in the last minute$/.test(String(l.msg)));
  expect(counts.length).toBeGreaterThanOrEqual(1);
  const counted = Object.assign({}, ...counts.map((l) => l.failures)) as Record<string, number>;
  expect(Object.keys(counted)).toEqual(
    expect.arrayContaining([
      "mail outbox round failed: the database is unreachable",
      "retention purge failed: the database is unreachable",
    ]),
  );
  // …and no end while the worker still fails.
  expect(messages().filter((m) => m.endsWith("the outage is over"))).toEqual([]);

  // Nothing fails any more: the outage ends, once.
  await worker.stop({ graceMs: 1_000 });
  await retention.stop();
  await sleep(1_200);
  expect(messages().filter((m) => m.endsWith("the outage is over"))).toEqual([
    "the database is unreachable: no failure for a minute, the outage is over",
  ]);
});

test("a mail round failing for another reason logs the error without the query's values", async () => {
  // An embedded database never migrated: the claim's query fails (no outbox table).
  const database = await createDb();
  opened.push(database);
  const { log, lines } = capturedLog();
  const env = parseEnv({ DATA_DIR: "./data/test" });
  const worker = started(createMailWorker({ db: database.db, env, sealer: testSealer, log, intervalMs: 50 }));
  await expect.poll(() => lines.filter((l) => l.msg === "mail outbox round failed").length).toBeGreaterThan(0);
  await worker.stop();
  const line = lines.find((l) => l.msg === "mail outbox round failed");
  const err = line?.err as { type: string; message: string };
  expect(err.message).toMatch(/^Failed query: /);
  expect(JSON.stringify(line)).not.toMatch(/params:|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
});
