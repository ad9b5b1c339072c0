import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createDb, type DbHandle } from "./client.ts";

const url = process.env.TEST_DATABASE_URL;

// LISTEN's reconnection needs a real PostgreSQL server whose connections can be cut
// (PGlite's listener lives in the process); CI sets TEST_DATABASE_URL.
describe.skipIf(!url)("LISTEN on PostgreSQL survives a lost connection", () => {
  let database: DbHandle;
  let admin: pg.Client;
  const channel = `test_${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    database = await createDb({ databaseUrl: url, listenRetryMs: 50, onIdleError: () => undefined });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  /** Ends the listener's connection from the server side, as a restart or failover would. */
  const cutListener = () =>
    admin.query("select pg_terminate_backend(pid) from pg_stat_activity where query = $1", [
      `listen ${pg.escapeIdentifier(channel)}`,
    ]);
  const listenerCount = async () =>
    Number(
      (
        await admin.query<{ count: string }>("select count(*) from pg_stat_activity where query = $1", [
          `listen ${pg.escapeIdentifier(channel)}`,
        ])
      ).rows[0]?.count,
    );

  test("after reconnecting it reports once that notices may have been missed, then hears new ones", async () => {
    const notices: string[] = [];
    const stop = await database.listen(channel, (payload) => notices.push(payload));
    try {
      await admin.query("select pg_notify($1, 'before')", [channel]);
      await vi.waitFor(() => expect(notices).toEqual(["before"]));
      await cutListener();
      await vi.waitFor(() => expect(notices).toEqual(["before", ""]), { timeout: 5_000 });
      await admin.query("select pg_notify($1, 'after')", [channel]);
      await vi.waitFor(() => expect(notices).toEqual(["before", "", "after"]));
    } finally {
      await stop();
    }
    expect(await listenerCount()).toBe(0);
  });

  test("stopping while it waits to reconnect leaves no connection behind", async () => {
    const stop = await database.listen(channel, () => undefined);
    expect(await listenerCount()).toBe(1);
    await cutListener();
    await stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listenerCount()).toBe(0);
  });
});

// Found by an outside review (round nineteen): a PostgreSQL restart during a transaction
// ended the whole process ("Emitted 'error' event on Client instance").
describe.skipIf(!url)("a connection lost during a transaction fails that transaction, not the process", () => {
  test("the transaction rejects, nothing is thrown elsewhere, and the next query works", async () => {
    const database = await createDb({ databaseUrl: url, onIdleError: () => undefined });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const marker = `lost-${randomBytes(4).toString("hex")}`;
    const uncaught = vi.fn();
    process.on("uncaughtException", uncaught);
    try {
      const running = database.db.transaction(async (tx) => {
        await tx.execute(`select 1 as "${marker}"`);
        await tx.execute("select pg_sleep(30)");
      });
      await vi.waitFor(async () => {
        const { rows } = await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where query = 'select pg_sleep(30)' and backend_type = 'client backend'",
        );
        expect(rows.length).toBe(1);
      });
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = 'select pg_sleep(30)' and backend_type = 'client backend'",
      );
      await expect(running).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).not.toHaveBeenCalled();
      expect(await database.db.execute("select 1 as one")).toBeTruthy();
    } finally {
      process.off("uncaughtException", uncaught);
      await admin.end();
      await database.close();
    }
  });
});
