import { type ChildProcess, execSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { startSmtp, type TestSmtp } from "@khayl/api/modules/mail/testing";
import { createDb, type DbHandle } from "@khayl/db/client";
import { accounts, blogs, invoices, outbox } from "@khayl/db/schema";
import { createScratchPostgres, type ScratchPostgres } from "@khayl/db/testing";
import { type CuttableProxy, startCuttableProxy } from "@khayl/db/testing-proxy";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type Answer,
  cleanUp,
  type Instance,
  makeCertificate,
  nginxConfig,
  pending,
  root,
  until,
} from "./deploy-testing.ts";
import { freePort } from "./testing.ts";

/**
 * The production shape of docs/deploy.md, end to end: a production install (built, then
 * `npm prune --omit=dev`) started twice at the same moment on one empty PostgreSQL, behind
 * a real nginx running deploy/nginx.conf over TLS, mailing through a real SMTP server.
 * Needs Debian's nginx and PostgreSQL (TEST_DATABASE_URL); `.ci/run` provides both.
 */
const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
const ready = Boolean(nginxBinary && process.env.TEST_DATABASE_URL);

test("the deployment test has what it needs (nginx, PostgreSQL) wherever CI runs", () => {
  // Locally without nginx or PostgreSQL the suite below is skipped; CI must run it.
  if (process.env.CI === "true")
    expect({ nginx: nginxBinary, postgres: process.env.TEST_DATABASE_URL }).toEqual({
      nginx: expect.any(String),
      postgres: expect.any(String),
    });
});

test("the shipped nginx.conf never sends a request to the next instance on a 503", () => {
  // The site answers 503 when the database is away, the same on every instance: counted as
  // a failure (max_fails=1), it took every instance out of rotation, cached pages included.
  const conf = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8").replace(/#.*$/gm, "");
  const retries = [...conf.matchAll(/proxy_next_upstream\s+([^;]*);/g)].map((m) => m[1]);
  expect(retries).not.toHaveLength(0);
  for (const conditions of retries) expect(conditions).not.toMatch(/http_503/);
});

describe.runIf(ready)("two instances behind nginx on one PostgreSQL", () => {
  let work: string;
  let prodDir: string;
  let scratch: ScratchPostgres;
  /** What the instances reach PostgreSQL through: the test cuts it for an outage. */
  let proxy: CuttableProxy;
  let database: DbHandle;
  let smtp: TestSmtp;
  let smtpPort: number;
  let nginx: ChildProcess;
  let httpsPort: number;
  let ca: string;
  const instances: Instance[] = [];

  /** A request through nginx over TLS (trusting only the test's own certificate). */
  function viaNginx(
    pathname: string,
    options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = https.request(
        {
          host: "127.0.0.1",
          port: httpsPort,
          path: pathname,
          method: options.method ?? "GET",
          servername: "localhost",
          ca,
          headers: { host: "localhost", ...options.headers },
        },
        (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += String(chunk);
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        },
      );
      request.on("error", reject);
      request.setTimeout(15_000, () => request.destroy(new Error(`no answer to ${pathname}`)));
      request.end(options.body);
    });
  }

  /** A request straight to one instance (as nginx sends it: from loopback, with forwarded headers). */
  async function direct(instance: Instance, pathname: string, init: RequestInit = {}) {
    const response = await fetch(`http://127.0.0.1:${instance.port}${pathname}`, init);
    return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> };
  }

  function startInstance(name: string, port: number): Instance {
    const dataDir = path.join(work, `data-${name}`);
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: prodDir,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: proxy.urlThrough(scratch.url),
        PUBLIC_URL: "https://www.example.ae",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        DEMO_DATA: "true",
        ALLOW_TEST_PAYMENTS: "true",
        SECRET_KEY: "deploy-test-secret-0123456789abcdef0123456789abcdef",
        TRUST_PROXY: "loopback",
        LOG_LEVEL: "info",
      },
    });
    const output: string[] = [];
    for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk) => output.push(String(chunk)));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal })),
    );
    return { name, port, child, output, exited };
  }

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), "khayl-deploy-"));
    // A production install: the built checkout, copied, then pruned of dev dependencies.
    if (!existsSync(path.join(root, "apps/server/dist/main.js")) || !existsSync(path.join(root, "apps/web/build")))
      execSync("npm run build --silent", { cwd: root, stdio: "ignore" });
    prodDir = path.join(work, "site");
    mkdirSync(prodDir);
    execSync(
      `tar -C "${root}" --exclude=./.git --exclude=./data --exclude=./test-results --exclude=./bench/results/runs ` +
        `-cf - . | tar -C "${prodDir}" -xf -`,
      { stdio: "ignore" },
    );
    execSync("npm prune --omit=dev --no-audit --no-fund --silent", { cwd: prodDir, stdio: "ignore" });

    scratch = await createScratchPostgres();
    const target = new URL(scratch.url);
    proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = await createDb({ databaseUrl: scratch.url, poolSize: 2 });
    smtp = await startSmtp();
    smtpPort = smtp.port;

    // Both instances at the same moment, on the empty database.
    const [portA, portB] = [await freePort(), await freePort()];
    instances.push(startInstance("a", portA), startInstance("b", portB));

    // nginx with deploy/nginx.conf: the test's ports, a throw-away certificate, no IPv6.
    ca = makeCertificate(work);
    httpsPort = await freePort();
    const config = nginxConfig(work, { portA, portB, httpPort: await freePort(), httpsPort });
    nginx = spawn(nginxBinary as string, ["-p", work, "-c", config, "-g", "daemon off;"], {
      stdio: "ignore",
    });

    for (const instance of instances)
      await until(
        async () => (await direct(instance, "/readyz")).status === 200,
        `instance ${instance.name} to be ready:\n${instance.output.join("")}`,
        90_000,
      );
    await until(async () => (await viaNginx("/readyz")).status === 200, "nginx to answer");
  }, 240_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill("SIGKILL");
    nginx?.kill("SIGTERM");
    // Each step bounded and named: on a loaded host this hook once overran a bound of the
    // whole without saying which step was slow.
    await cleanUp([
      // A killed process exits at once, and its database sessions end with it.
      ["the instances to exit", () => Promise.all(instances.map((instance) => instance.exited))],
      ["the SMTP server to stop", () => smtp?.stop()],
      ["the database proxy to close", () => proxy?.close()],
      ["the test's database pool to close", () => database?.close()],
      ["the scratch database to be dropped", () => scratch?.drop()],
      ["the work folder to be removed", () => work && rmSync(work, { recursive: true, force: true })],
    ]);
  }, 180_000);

  test("both instances started at once on the empty database, with one copy of the demo data", async () => {
    const rows = async (table: typeof accounts | typeof blogs | typeof invoices) =>
      Number((await database.db.select({ n: count() }).from(table))[0]?.n);
    expect({ accounts: await rows(accounts), blogs: await rows(blogs), invoices: await rows(invoices) }).toEqual({
      accounts: 6,
      blogs: 8,
      invoices: 28,
    });
    // Only the instance that seeded the demo invoices printed a payable one.
    const printed = instances.filter((i) =>
      /Invoice: {2}https:\/\/www\.example\.ae\/invoice\//.test(i.output.join("")),
    );
    expect(printed).toHaveLength(1);
  });

  test("a public deployment with demo settings refuses to start and says what to set", async () => {
    const refused = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: prodDir,
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH, PUBLIC_URL: "https://www.example.ae", DATA_DIR: path.join(work, "refused") },
    });
    let stderr = "";
    refused.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
    });
    // "close": once the process has exited and all of stderr has been read.
    const code = await new Promise<number | null>((resolve) => refused.on("close", resolve));
    expect(code).toBe(1);
    for (const variable of ["STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY", "SMTP_URL", "DEMO_DATA"])
      expect(stderr).toContain(`  ${variable}: `);
    expect(existsSync(path.join(work, "refused"))).toBe(false); // nothing was started or written
  });

  test("pages come through nginx over TLS, with HSTS and the visitor's address believed", async () => {
    const home = await viaNginx("/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("Wherever your equine journey takes you");
    expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect((await viaNginx("/readyz")).status).toBe(200);
  });

  test("a code asked through one instance is confirmed through the other", async () => {
    const [a, b] = instances as [Instance, Instance];
    const email = "omar.mansoori@example.com";
    expect((await direct(a, `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(email)}`)).status).toBe(200);
    const mail = await until(
      async () => smtp.received.find((m) => m.to.includes(email)),
      "the deletion code mail to arrive",
    );
    const code = /verification code is (\d{4})/.exec(mail.raw.replace(/=\r?\n/g, ""))?.[1];
    expect(code).toMatch(/^\d{4}$/);
    const confirmed = await direct(b, "/api/v1/auth/confrim-delete-account", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, otpCode: code }),
    });
    expect(confirmed).toMatchObject({ status: 200, json: { message: "Your Account has been deleted successfully!!" } });
  });

  test("per-visitor limits hold across both instances behind nginx", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await viaNginx(`/api/v1/auth/ask-delete-account?email=visitor${i}%40example.com`, {
        headers: { "x-forwarded-for": "203.0.113.7" },
      });
      statuses.push(answer.status);
    }
    // nginx spreads them over both instances; the limit (10 per client) counts them all.
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // Another visitor is not affected.
    expect(
      (
        await viaNginx("/api/v1/auth/ask-delete-account?email=visitor99%40example.com", {
          headers: { "x-forwarded-for": "198.51.100.23" },
        })
      ).status,
    ).toBe(200);
  });

  test("during a PostgreSQL outage an API read answers 503 with retry-after and cached pages still 200", async () => {
    // Both instances keep the home page in their page cache.
    for (let i = 0; i < 4; i++) expect((await viaNginx("/")).status).toBe(200);
    await proxy.cut();
    try {
      for (let offset = 0; offset < 2; offset++) {
        const read = await viaNginx(`/api/v1/event-services/website?limit=5&offset=${1000 + offset}`);
        expect([read.status, read.headers["retry-after"]]).toEqual([503, "5"]);
      }
      // nginx took no instance out of rotation for those 503s: the cached page is served.
      for (let i = 0; i < 4; i++) expect((await viaNginx("/")).status).toBe(200);
    } finally {
      await proxy.restore();
    }
    for (const instance of instances)
      await until(async () => (await direct(instance, "/readyz")).status === 200, `${instance.name} to be ready again`);
  });

  /** The payable demo invoice's link token, as the instance that seeded it printed it. */
  function printedInvoiceToken(): string {
    const token = instances
      .map((i) => /Invoice: {2}https:\/\/www\.example\.ae\/invoice\/([\w-]+)/.exec(i.output.join(""))?.[1])
      .find(Boolean);
    if (!token) throw new Error("no instance printed a demo invoice link");
    return token;
  }
  const alertToken = `7.${"Qx3vT9kLm2Pz".repeat(4)}`;
  /** What nginx wrote to its access log and to the site's error log so far. */
  const nginxLogs = () => ({
    access: readFileSync(path.join(work, "access.log"), "utf8"),
    errors: readFileSync(path.join(work, "site-error.log"), "utf8"),
  });

  test("nginx's logs name no invoice or alert token, no e-mail address and no query", async () => {
    const token = printedInvoiceToken();
    const asked = [
      `/invoice/${token}`,
      `/ar/INVOICE/${token}/pdf`,
      `/%69nvoice/${token}.data`,
      `/alerts/confirm/${alertToken}`,
      `/ar/alerts/manage/${alertToken}`,
      `/__manifest?paths=%2Finvoice%2C%2Finvoice%2F${token}&version=1`,
      "/api/v1/auth/ask-delete-account?email=log.check%40example.com",
    ];
    for (const pathname of asked) await viaNginx(pathname, { headers: { "x-forwarded-for": "198.51.100.77" } });
    const { access, errors } = nginxLogs();
    expect(access.match(/\/invoice\/:hash/gi)).toHaveLength(3);
    expect(access.match(/\/alerts\/(confirm|manage)\/:token/g)).toHaveLength(2);
    expect(access).toMatch(/"GET \/__manifest\?:query HTTP\/[\d.]+" /);
    expect(access).toMatch(/"GET \/api\/v1\/auth\/ask-delete-account\?:query HTTP\/[\d.]+" 200 /);
    for (const secret of [token, alertToken, "log.check"]) {
      expect(access).not.toContain(secret);
      expect(errors).not.toContain(secret);
    }
  });

  test("slow: with SMTP down and one instance killed, every mail is delivered once when SMTP is back", async () => {
    const [a, b] = instances as [Instance, Instance];
    await until(async () => {
      const [row] = await database.db.select({ n: count() }).from(outbox).where(pending);
      return Number(row?.n) === 0;
    }, "the outbox to drain before the outage");
    const deliveredBefore = smtp.received.length;
    const [last] = await database.db.select({ id: sql<number>`max(${outbox.id})` }).from(outbox);
    const lastIdBefore = Number(last?.id ?? 0);

    await smtp.stop(); // SMTP down
    const subjects = ["Stall to Liège", "Dressage trip", "Invoice question"];
    for (const [i, subject] of subjects.entries()) {
      const answer = await viaNginx("/api/v1/supportRequests/", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${i + 1}` },
        body: JSON.stringify({
          fullName: `Rider ${i}`,
          email: `rider${i}@example.com`,
          phone: "+971 50 123 4567",
          subject: "Inquiry",
          division: "Air-Shipping",
          applicableReference: "",
          supportInquiry: subject,
          sourceIsApp: false,
          sourceIsWebsite: true,
        }),
      });
      expect(answer.status).toBe(201);
    }
    // Both workers have tried and failed at least once.
    await until(async () => {
      const rows = await database.db.select().from(outbox).where(pending);
      return rows.length >= subjects.length && rows.every((r) => r.attempts >= 1);
    }, "the workers to try the queued mails");

    a.child.kill("SIGKILL");
    expect((await a.exited).signal).toBe("SIGKILL");
    smtp = await startSmtp({ port: smtpPort }); // SMTP back

    // As if the retry delay (30 s) and any lease the killed instance held (60 s) had run out.
    await database.db.execute(
      sql`update outbox set next_attempt_at = now(), locked_until = null where sent_at is null`,
    );
    await until(async () => {
      const [row] = await database.db.select({ n: count() }).from(outbox).where(pending);
      return Number(row?.n) === 0;
    }, "the surviving instance to deliver the queued mails");
    // Each queued mail (a confirmation to the visitor and a notice to support per request)
    // reached SMTP exactly once.
    const queued = await database.db.select({ to: outbox.to }).from(outbox).where(sql`${outbox.id} > ${lastIdBefore}`);
    expect(queued).toHaveLength(subjects.length * 2);
    expect(smtp.received.map((m) => m.to.join(",")).sort()).toEqual(queued.map((r) => r.to).sort());
    expect(deliveredBefore).toBeGreaterThan(0);
    // The site still answers through nginx with one instance gone.
    expect((await viaNginx("/")).status).toBe(200);

    // SIGTERM: a graceful stop that exits 0.
    b.child.kill("SIGTERM");
    expect(await b.exited).toEqual({ code: 0, signal: null });
  }, 120_000);

  test("with every instance down, nginx's logs still name no token", async () => {
    const token = printedInvoiceToken();
    expect((await viaNginx(`/invoice/${token}`)).status).toBe(502);
    const { access, errors } = nginxLogs();
    // The failing upstream shows in the access log; nginx's error line, which quotes the
    // request whole, is not kept.
    expect(access).toMatch(/"GET \/invoice\/:hash HTTP\/[\d.]+" 502 .* status=502/);
    expect(access).not.toContain(token);
    expect(errors).not.toContain(token);
  });
});
