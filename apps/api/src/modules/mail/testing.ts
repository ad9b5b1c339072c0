import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Db, DbHandle } from "@khayl/db/client";
import { outbox } from "@khayl/db/schema";
import { createTestDb } from "@khayl/db/testing";
import { asc, type SQL } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { createSealer, isSealed, type Sealer } from "../../secret-key.ts";
import { type OutboxRow, openMail } from "./repository.ts";

/**
 * A fresh test database for the calling test file, opened in its `beforeAll` and closed in
 * its `afterAll` (the API projects keep modules between files: no state is left here,
 * conventions §5).
 */
export function mailTestDatabase(): Pick<DbHandle, "db"> {
  let database: DbHandle | undefined;
  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(() => database?.close());
  return {
    get db() {
      if (!database) throw new Error("the test database is not open (call mailTestDatabase() at a file's top level)");
      return database.db;
    },
  };
}

/** A sealer under a random secret of its own, for tests of the outbox without an API. */
export const testSealer: Sealer = createSealer(randomBytes(32).toString("hex"));

/**
 * The outbox's rows (those `where` selects, by id) as the worker sends them: a sealed mail
 * opened with `sealer` (a test reads a code or a link as its recipient would). A row whose
 * body was wiped after delivery reads as it is.
 */
export async function openedOutbox(db: Db, sealer: Sealer, where?: SQL): Promise<OutboxRow[]> {
  const rows = await db.select().from(outbox).where(where).orderBy(asc(outbox.id));
  return rows.map((row) => (isSealed(row.text) ? openMail(sealer, row) : row));
}

/** A mail worker's log that writes nothing. */
export const silentLog = { info: () => undefined, warn: () => undefined };

/** A message an SMTP test server received. */
interface ReceivedMail {
  to: string[];
  raw: string;
  /** The name the client gave in its EHLO/HELO greeting. */
  greeting: string;
}

/** A real SMTP server for tests (conventions §6: a real server, no mock of the transport). */
export interface TestSmtp {
  server: SMTPServer;
  port: number;
  received: ReceivedMail[];
  /** How many messages have started to arrive (a slow server has not accepted them yet). */
  arriving(): number;
  /**
   * Resolves once the server has stopped listening (its port is then closed: "SMTP is down")
   * and its clients have quit, or been disconnected after 1 s.
   */
  stop(): Promise<void>;
}

/**
 * Starts an SMTP server without TLS on `host` (default 127.0.0.1; `port` 0: any free port)
 * that collects what it receives; with `delayMs`, it answers each message that much later
 * (a slow server); with `selfSignedStartTls`, it offers STARTTLS with smtp-server's own
 * self-signed certificate (a server no client should trust).
 */
export async function startSmtp(
  options: { port?: number; delayMs?: number; host?: string; selfSignedStartTls?: boolean } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let arriving = 0;
  const server = new SMTPServer({
    disabledCommands: options.selfSignedStartTls ? ["AUTH"] : ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    // `stop` waits this long for connected clients to quit before closing them (the
    // library's default is 30 s, longer than a test's hook may take).
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      arriving++;
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const accept = () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
            greeting: session.hostNameAppearsAs,
          });
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  return {
    server,
    port: (server.server.address() as AddressInfo).port,
    received,
    arriving: () => arriving,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
