/**
 * The pieces of deploy.deploy.test.ts that hold no state of its run (split from it,
 * decision 025): waiting for a condition, a clean-up bounded step by step, a throw-away
 * certificate, and nginx's configuration made from deploy/nginx.conf for the test's ports.
 */
import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { outbox } from "@khayl/db/schema";
import { and, gt, isNull, or, sql } from "drizzle-orm";
import { expect } from "vitest";

/**
 * Mails the workers still have to send: unsent and not past their `expires_at` (an expired
 * code, or the suppressed mail of a deletion asked for an address without an account, is
 * never sent: architecture §3.6).
 */
export const pending = and(isNull(outbox.sentAt), or(isNull(outbox.expiresAt), gt(outbox.expiresAt, sql`now()`)));

/**
 * Runs a test's clean-up `steps` in order, each given at most `boundMs`, and every one of them
 * even when one before it failed or overran (so a stuck step leaves no database or folder
 * behind). Throws afterwards naming each step that failed or overran, with its time, so a
 * stuck clean-up says which part stuck instead of timing the whole hook out.
 */
export async function cleanUp(steps: [name: string, step: () => unknown][], boundMs = 30_000): Promise<void> {
  const problems: string[] = [];
  for (const [name, step] of steps) {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const overran = new Promise<"overran">((resolve) => {
      timer = setTimeout(() => resolve("overran"), boundMs);
    });
    try {
      if ((await Promise.race([Promise.resolve().then(step), overran])) === "overran")
        problems.push(`${name}: still running after ${boundMs} ms`);
    } catch (error) {
      problems.push(`${name}: failed after ${Date.now() - started} ms: ${String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }
  if (problems.length > 0) throw new Error(`clean-up did not finish:\n${problems.join("\n")}`);
}

/** The repository's root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** One started production instance (`scripts/start.mjs`), its output kept. */
export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** An HTTP answer read whole. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * The first truthy value of `check` (an error counts as not yet), tried every 200 ms;
 * throws `timed out waiting for <what>` after `timeoutMs`.
 */
export async function until<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A self-signed certificate for `localhost`, valid a day, written to `<work>/cert.pem` and `key.pem`; answers the certificate. */
export function makeCertificate(work: string): string {
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"],
      ...["-addext", "subjectAltName=DNS:localhost", "-keyout", `${work}/key.pem`, "-out", `${work}/cert.pem`],
    ],
    { stdio: "ignore" },
  );
  return readFileSync(`${work}/cert.pem`, "utf8");
}

/**
 * Writes `<work>/nginx.conf`: deploy/nginx.conf with the two instances' ports, loopback
 * listeners on `httpPort` and `httpsPort`, `makeCertificate`'s files, no IPv6, its logs as
 * `<work>/access.log` and `<work>/site-error.log`, and its temporary files and pid under
 * `work`. Answers the file's path.
 */
export function nginxConfig(
  work: string,
  { portA, portB, httpPort, httpsPort }: { portA: number; portB: number; httpPort: number; httpsPort: number },
): string {
  const site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replace("server 127.0.0.1:3001", `server 127.0.0.1:${portA}`)
    .replace("server 127.0.0.1:3002", `server 127.0.0.1:${portB}`)
    .replace(/^\s*listen \[::\].*$/gm, "")
    .replace("listen 80;", `listen 127.0.0.1:${httpPort};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace("/etc/ssl/khayl/fullchain.pem", `${work}/cert.pem`)
    .replace("/etc/ssl/khayl/privkey.pem", `${work}/key.pem`)
    .replaceAll("/var/log/nginx/khayl.access.log", `${work}/access.log`)
    .replaceAll("/var/log/nginx/khayl.error.log", `${work}/site-error.log`);
  expect(site).toContain(`server 127.0.0.1:${portB}`);
  expect(site).not.toContain("/var/log/");
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((t) => `  ${t}_temp_path ${work}/nginx-${t};`)
    .join("\n");
  const file = `${work}/nginx.conf`;
  writeFileSync(
    file,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;\npid ${work}/nginx.pid;\n` +
      `error_log ${work}/nginx-error.log warn;\nevents { worker_connections 256; }\n` +
      `http {\n${temp}\n${site}\n}\n`,
  );
  return file;
}
