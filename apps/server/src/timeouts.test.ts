import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "@khayl/config/env";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildHost, type Host, webBuildDir } from "./host.ts";
import { SERVER_TIMEOUTS } from "./http-server.ts";

/**
 * Slow clients against the server as `npm start` runs it, with its real timeouts
 * (`SERVER_TIMEOUTS`). The host reads from a remote API here (none answers), keeping only
 * its alerts in a PGlite of a temporary DATA_DIR: the timeouts belong to the HTTP server,
 * whatever serves the page.
 * This is the suite's one test of real timeouts on real sockets (architecture §4): its two
 * waits run side by side, each on its own connections.
 */
let host: Host;
let port: number;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "khayl-timeouts-"));

beforeAll(async () => {
  if (!existsSync(path.join(webBuildDir, "server", "index.js"))) {
    execSync("npm run build --silent -w @khayl/web", { cwd: path.resolve(webBuildDir, "../../.."), stdio: "ignore" });
  }
  const env = parseEnv({
    API_URL: "http://127.0.0.1:9/api/v1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
  });
  host = await buildHost({ env, logger: false });
  await host.app.listen({ port: 0, host: "127.0.0.1" });
  port = (host.app.server.address() as net.AddressInfo).port;
}, 120_000);

afterAll(async () => {
  await host?.close({ graceMs: 1_000 });
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Opens a connection, writes `head` at once (unless empty), then one byte of `drip` per
 * second (none when `drip` is empty: the client stalls), and answers how many
 * milliseconds passed until the server closed the connection, with what it answered.
 */
function slowClient(head: string, drip: string): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      if (head) socket.write(head);
      let i = 0;
      if (drip)
        timer = setInterval(() => {
          if (!socket.destroyed) socket.write(drip[i++ % drip.length] ?? "a");
        }, 1_000);
    });
    socket.on("data", (chunk) => {
      answer += String(chunk);
    });
    socket.on("error", () => undefined); // a reset is a close too
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the server kept a slow client (${JSON.stringify(head.slice(0, 20))}) for more than 45 s`));
    }, 45_000);
  });
}

const formHead =
  "POST /contact-us HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
  "Content-Length: 100000\r\n\r\nfullName=";

test("the server promises to cut off a slow client within 30 s", () => {
  expect(SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(SERVER_TIMEOUTS.requestMs);
  expect(SERVER_TIMEOUTS.requestMs + SERVER_TIMEOUTS.checkIntervalMs).toBeLessThan(30_000);
  expect(SERVER_TIMEOUTS.keepAliveMs + SERVER_TIMEOUTS.headersMs).toBeLessThan(30_000);
});

test.concurrent("slow: slow, stalled and silent clients are all cut off within 30 s", async () => {
  const [trickledBody, stalledBody, stalledArabicBody, trickledHeaders, stalledHeaders, silent] = await Promise.all([
    slowClient(formHead, "abcdefgh"),
    slowClient(formHead, ""),
    slowClient(formHead.replace("POST /contact-us", "POST /ar/contact-us"), ""),
    slowClient("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", "abcdefgh"),
    slowClient("GET / HTTP/1.1\r\nHost: localhost\r\n", ""),
    slowClient("", ""),
  ]);
  for (const body of [trickledBody, stalledBody]) {
    expect(body.closedAfterMs).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.requestMs - 1_000);
    expect(body.closedAfterMs).toBeLessThan(30_000);
    expect(body.answer).toMatch(/^HTTP\/1\.1 408/);
    // In the envelope, with the security headers, as every other answer.
    expect(body.answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/);
    expect(body.answer).toContain('{"success":false,"statusCode":408,"message":"The request took too long to arrive"}');
  }
  // Under /ar the envelope speaks Arabic, as the page it was sent to.
  expect(stalledArabicBody.answer).toMatch(/^HTTP\/1\.1 408/);
  expect(stalledArabicBody.answer).toContain('"message":"استغرق وصول الطلب وقتًا طويلًا"');
  for (const headers of [trickledHeaders, stalledHeaders, silent]) {
    expect(headers.closedAfterMs).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.headersMs - 1_000);
    expect(headers.closedAfterMs).toBeLessThan(30_000);
  }
}, 50_000);

test.concurrent("slow: a keep-alive connection gets its answers, then is closed once it stays quiet", async () => {
  const { closedAfterMs, answer } = await slowClient("GET /livez HTTP/1.1\r\nHost: localhost\r\n\r\n", "");
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  expect(closedAfterMs).toBeLessThan(30_000);
}, 50_000);
