import { randomBytes } from "node:crypto";
import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { parseEnv } from "@khayl/config/env";
import { createDb, type DbHandle } from "@khayl/db/client";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, expect, test } from "vitest";
import { buildApp } from "../app.ts";

/**
 * The API over a PostgreSQL that cannot be reached (decision 023): every read that needs
 * the database answers a fast 503 with `retry-after`, in the request's language, never a
 * 500 and never a hang. No real PostgreSQL is needed: the "server" is a closed port, or a
 * port that accepts connections and never says a word (a cut network).
 */
const servers: net.Server[] = [];
const silentSockets = new Set<net.Socket>();
const opened: { app: FastifyInstance; database: DbHandle }[] = [];

afterEach(async () => {
  for (const { app, database } of opened.splice(0)) {
    await app.close();
    await database.close();
  }
});
afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

async function listen(server: net.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A port nothing listens on (connections are refused). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  servers.splice(servers.indexOf(server), 1);
  return port;
}

/** A port that accepts connections and never answers (a black hole: the client must time out). */
async function silentPort(): Promise<number> {
  const server = net.createServer((socket) => {
    silentSockets.add(socket);
    socket.on("error", () => undefined);
  });
  return listen(server);
}

async function apiOn(port: number) {
  const database = await createDb({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none` });
  const env = parseEnv({ DATA_DIR: "./data/test", SECRET_KEY: randomBytes(32).toString("hex") });
  const app = await buildApp({ db: database.db, env });
  opened.push({ app, database });
  return app;
}

test.each([
  ["refused", closedPort],
  ["a black hole that never answers", silentPort],
])("with the database connection %s, a read answers 503 with retry-after within 2 s", async (_how, port) => {
  const app = await apiOn(await port());
  for (const language of ["en", "ar"] as const) {
    const began = Date.now();
    const response = await app.inject({
      url: "/api/v1/event-services/website?limit=5",
      headers: { language },
    });
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      success: false,
      statusCode: 503,
      message: language === "ar" ? "الخدمة غير متاحة مؤقتًا" : "Service temporarily unavailable",
    });
  }
});

test("with the database unreachable, each call answers what its OpenAPI operation lists, retry-after included", async () => {
  const app = await apiOn(await closedPort());
  type Operation = { responses: Record<string, { headers?: Record<string, unknown> }> };
  const document = (await app.inject({ url: "/api/docs/json" })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const answered = new Set<number>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const response = await app.inject({
        method: method.toUpperCase() as "GET" | "POST",
        url: `/api/v1${path.replace(/\{[^}]+\}/g, "1")}`,
        ...(method === "post" ? { payload: {} } : {}),
      });
      const what = `${method.toUpperCase()} ${path} → ${response.statusCode}`;
      const listed = operation.responses[String(response.statusCode)];
      expect(listed, what).toBeDefined();
      if (response.headers["retry-after"]) expect(listed?.headers?.["retry-after"], what).toBeDefined();
      answered.add(response.statusCode);
    }
  }
  expect(answered).toContain(503);
});

test("with the embedded database's disk full, a write answers 503 with retry-after, never a 500", async () => {
  // Every query fails as PGlite's do when DATA_DIR is full (SQLSTATE 53100).
  const pglite = await PGlite.create();
  pglite.execProtocolStream = async () => {
    throw Object.assign(new Error('could not extend file "base/5/16412": No space left on device'), {
      name: "DatabaseError",
      code: "53100",
      severity: "ERROR",
      routine: "mdzeroextend",
    });
  };
  const database = await createDb({ pglite });
  const env = parseEnv({ DATA_DIR: "./data/test", SECRET_KEY: randomBytes(32).toString("hex") });
  const app = await buildApp({ db: database.db, env });
  opened.push({ app, database });
  for (const language of ["en", "ar"] as const) {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/alerts/subscriptions",
      headers: { language },
      payload: { email: "full@example.com", watch: "flights", filter: "all", language },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual({
      success: false,
      statusCode: 503,
      message: language === "ar" ? "الخدمة غير متاحة مؤقتًا" : "Service temporarily unavailable",
    });
  }
});
