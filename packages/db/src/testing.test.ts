import pg from "pg";
import { describe, expect, test } from "vitest";
import { createScratchPostgres } from "./testing.ts";

const url = process.env.TEST_DATABASE_URL;

/** Whether the database of `scratchUrl` still exists on TEST_DATABASE_URL's server. */
async function exists(scratchUrl: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const name = new URL(scratchUrl).pathname.slice(1);
    return (await admin.query("select 1 from pg_database where datname = $1", [name])).rows.length > 0;
  } finally {
    await admin.end();
  }
}

// Every PostgreSQL test drops its scratch database in a hook, which has 60 s; PostgreSQL
// itself waits 5 s before refusing each plain DROP while a session is connected.
describe.skipIf(!url)("a scratch PostgreSQL database", () => {
  test("is dropped once a session still connected to it closes", async () => {
    const scratch = await createScratchPostgres();
    const session = new pg.Client({ connectionString: scratch.url });
    await session.connect();
    const closing = new Promise((resolve) => setTimeout(resolve, 300)).then(() => session.end());
    await scratch.drop();
    await closing;
    expect(await exists(scratch.url)).toBe(false);
  });

  test("is dropped within its wait even when a session never closes: that session is ended", async () => {
    const scratch = await createScratchPostgres();
    const session = new pg.Client({ connectionString: scratch.url });
    const ended = new Promise<string | undefined>((resolve) =>
      session.on("error", (error) => resolve((error as { code?: string }).code)),
    );
    await session.connect();
    const started = Date.now();
    await scratch.drop(500);
    // Its wait, then PostgreSQL ending the session: far from 20 refused DROPs of 5 s each.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await exists(scratch.url)).toBe(false);
    expect(await ended).toBe("57P01"); // admin_shutdown: terminated by the forced drop
  });
});
