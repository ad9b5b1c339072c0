import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { enqueueMails } from "@khayl/api/modules/mail/repository";
import { startSmtp, testSealer } from "@khayl/api/modules/mail/testing";
import { parseEnv } from "@khayl/config/env";
import { createDb } from "@khayl/db/client";
import { outbox } from "@khayl/db/schema";
import { createScratchPostgres, createTestDb, testDbKind } from "@khayl/db/testing";
import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { buildHost, webBuildDir } from "./host.ts";

/** The host's life: start-up seed, probes, and a graceful shutdown (SIGTERM calls `Host.close`). */
beforeAll(() => {
  if (!existsSync(path.join(webBuildDir, "server", "index.js"))) {
    execSync("npm run build --silent -w @khayl/web", { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
}, 120_000);

function envFor(dataDir: string, extra: Record<string, string> = {}) {
  return parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production", ...extra });
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("slow: only the host that seeds the demo invoices learns their links", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-seed-"));
  const database = await createTestDb();
  try {
    const first = await buildHost({ env: envFor(dir), logger: false, database });
    expect(first.seeded?.invoiceLinks).toHaveLength(28);
    expect(first.seeded?.invoiceLinks.every((l) => /^[A-Za-z0-9_-]{43}$/.test(l.hash))).toBe(true);
    await first.close();
    const second = await buildHost({ env: envFor(dir), logger: false, database });
    expect(second.seeded?.invoiceLinks).toEqual([]);
    expect(second.seeded?.inserted.accounts).toBe(0);
    await second.close();
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test("slow: shutdown finishes the request and the mail under way, and gives back the mails not yet tried", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-stop-"));
  const database = await createTestDb();
  const smtp = await startSmtp({ delayMs: 1_500 });
  const host = await buildHost({
    env: envFor(dir, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
    logger: false,
    database,
    seed: false,
  });
  let closing: Promise<void> | undefined;
  try {
    await host.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (host.app.server.address() as net.AddressInfo).port;
    await enqueueMails(
      database.db,
      testSealer,
      ["first", "second", "third"].map((n) => ({ kind: "test", to: `${n}@example.com`, subject: n, text: n })),
    );
    await until(() => smtp.arriving() === 1, "the first mail to reach the SMTP server");

    // A form post whose body is still on its way when the shutdown begins.
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/contact-us",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => {
          body += String(chunk);
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
    });
    request.write("fullName=Hessa+Al+Ketbi&");
    await new Promise((resolve) => setTimeout(resolve, 200));

    closing = host.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // No new connection is accepted once the shutdown began …
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.on("connect", () => {
        socket.destroy();
        resolve("accepted");
      });
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
    // … and the one under way gets its real answer.
    request.end("email=&phone=");
    const { status, body } = await answered;
    expect(status).toBeLessThan(500);
    expect(body).toContain("Please Enter Email");
    await closing;

    expect(smtp.received.map((m) => m.to[0])).toEqual(["first@example.com"]);
    const rows = await database.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(rows.map((r) => ({ to: r.to, sent: r.sentAt !== null, leased: r.lockedUntil !== null }))).toEqual([
      { to: "first@example.com", sent: true, leased: false },
      { to: "second@example.com", sent: false, leased: false },
      { to: "third@example.com", sent: false, leased: false },
    ]);
    // Given back untried: another instance sends them at once, as first attempts.
    expect(rows.slice(1).map((r) => r.attempts)).toEqual([0, 0]);
    expect(rows.slice(1).every((r) => r.nextAttemptAt.getTime() <= Date.now())).toBe(true);
  } finally {
    await (closing ?? host.close());
    await database.close();
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

// Skipped on PGlite: an embedded database cannot become unreachable; only a PostgreSQL server can be stopped.
test("slow: a request arriving on a busy keep-alive connection during the shutdown gets its real answer", async () => {
  // nginx does not retry a 503 on the other instance (deploy/nginx.conf: the database's 503
  // is the same everywhere), so a rolling restart must not answer one: a request that still
  // reaches the instance shutting down is served, and its connection closed after it.
  const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-stop-"));
  const database = await createTestDb();
  const host = await buildHost({ env: envFor(dir), logger: false, database, seed: false });
  let closing: Promise<void> | undefined;
  try {
    await host.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (host.app.server.address() as net.AddressInfo).port;
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += String(chunk);
    });
    const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    const body = "fullName=Hessa+Al+Ketbi&email=&phone=";
    socket.write(
      `POST /contact-us HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    closing = host.close({ graceMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The rest of the form, and the next request on the same connection.
    socket.write(`${body.slice(10)}GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await ended;
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    const seen = received.match(/(HTTP\/1\.1 \d{3}|Connection:).*$/gm)?.join("; ");
    expect(statuses[0], seen).toBe(400);
    // The next request is answered, or, when the first answer already said `Connection:
    // close` (the shutdown began before it was written), left unread for the client to send
    // again elsewhere, as HTTP/1.1 has it: never a bare 503 (CI saw both orders).
    expect(statuses.slice(1), seen).toEqual(statuses.length > 1 ? [200] : []);
    if (statuses.length === 1) expect(received, seen).toMatch(/^Connection: close/im);
    await closing;
  } finally {
    await (closing ?? host.close());
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

describe.runIf(testDbKind() === "postgres")("probes while PostgreSQL is unreachable", () => {
  /** A TCP relay to PostgreSQL that the test can cut and restore, as a network outage would. */
  async function relayToPostgres(port = 0) {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((client) => {
      const upstream = net.connect(5432, "127.0.0.1");
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    return {
      port: (server.address() as net.AddressInfo).port,
      cut: () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          server.close(() => resolve());
        }),
    };
  }

  test("readiness answers 503 and liveness 200 while the database is away, and both 200 once it is back", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-ready-"));
    const scratch = await createScratchPostgres();
    let relay = await relayToPostgres();
    const url = new URL(scratch.url);
    url.port = String(relay.port);
    const database = await createDb({ databaseUrl: url.toString(), poolSize: 3 });
    await database.migrate();
    const host = await buildHost({ env: envFor(dir), logger: false, database, seed: false });
    try {
      const probe = async (path: string) => (await host.app.inject(path)).statusCode;
      expect([await probe("/livez"), await probe("/readyz")]).toEqual([200, 200]);

      await relay.cut();
      expect(await probe("/readyz")).toBe(503);
      expect(await probe("/livez")).toBe(200);
      expect((await host.app.inject("/readyz")).json()).toEqual({
        success: false,
        statusCode: 503,
        message: "Database unreachable",
      });
      expect(await probe("/api/v1/health")).toBe(503);

      relay = await relayToPostgres(Number(url.port));
      await until(async () => (await probe("/readyz")) === 200, "readiness once the database is back");
      expect(await probe("/livez")).toBe(200);
    } finally {
      await host.close({ graceMs: 1_000 });
      await database.close();
      await relay.cut();
      await scratch.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
