import { Writable } from "node:stream";
import { parseEnv } from "@khayl/config/env";
import { accounts } from "@khayl/db/schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildApp } from "../app.ts";
import { startSmtp } from "../modules/mail/testing.ts";
import { createMailWorker } from "../modules/mail/worker.ts";
import { createTestApi, type TestApi } from "../testing.ts";
import { createLogger, safeUrl, scrubPersonalData } from "./log.ts";

/** A logger as production builds it, writing its JSON lines into `lines`. */
function capturedLogger(level = "info") {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(level, destination), text: () => lines.join("") };
}

const person = {
  fullName: "Hessa Al Ketbi",
  email: "hessa.alketbi@example.com",
  phone: "+971 50 765 4321",
};

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

test("a failing insert is logged with its code and constraint, never the values it tried to write", async () => {
  await api.database.db.insert(accounts).values({ displayName: person.fullName, email: person.email });
  const error = await api.database.db
    .insert(accounts)
    .values({ displayName: person.fullName, email: person.email.toUpperCase(), phoneNumber: person.phone })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  // What Drizzle and the driver put in the error: the parameters, and the failing key.
  expect(String((error as Error).message)).toContain(person.email.toUpperCase());

  const { logger, text } = capturedLogger();
  logger.error({ err: error }, "seeding failed");
  const line = text();
  expect(line).toContain("23505");
  expect(line).toContain("accounts_email_lower_idx");
  expect(line).toContain('insert into \\"accounts\\"');
  for (const value of [person.email, person.email.toUpperCase(), person.fullName, person.phone, "76 54 321"])
    expect(line).not.toContain(value);
});

test("an API request whose insert fails answers 500 and logs no personal data", async () => {
  await api.database.db.execute(
    sql`alter table support_requests add constraint reject_every_request check (false) not valid`,
  );
  const { logger, text } = capturedLogger();
  const app = await buildApp({ db: api.database.db, env: api.env }, { logger });
  try {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/supportRequests/",
      payload: {
        ...person,
        subject: "Inquiry",
        division: "Air-Shipping",
        applicableReference: "INV-2026-000101",
        supportInquiry: `Please call me on ${person.phone} or write to ${person.email}.`,
        sourceIsApp: false,
        sourceIsWebsite: true,
      },
      remoteAddress: "10.9.0.1",
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, statusCode: 500, message: "Internal server error" });
    const line = text();
    expect(line).toContain("23514");
    expect(line).toContain("reject_every_request");
    for (const value of [person.email, person.fullName, person.phone, "INV-2026-000101", "Please call me"])
      expect(line).not.toContain(value);
  } finally {
    await app.close();
  }
});

test("request paths are logged without invoice tokens or query values other than filters", () => {
  const token = "1QPrIcVnZng2hOaVbmp4jFX6etvV1GGsH5xzbBSYl4Q";
  expect(safeUrl(`/invoice/${token}?step=2`)).toBe("/invoice/:hash?step=2");
  expect(safeUrl(`/ar/invoice/${token}/pdf`)).toBe("/ar/invoice/:hash/pdf");
  // However the router is reached: a token of small letters only, so that the last net
  // (`scrubPersonalData`) would not catch it.
  const plain = "qprcvnzngaovbmpjfxetvvggshxzbsylq";
  expect(safeUrl(`/AR/Invoice/${plain}/payment`)).toBe("/AR/Invoice/:hash/payment");
  expect(safeUrl(`/ar/%69nvoice/${plain}.data`)).toBe("/ar/invoice/:hash");
  expect(safeUrl("/api/v1/auth/ask-delete-account?email=hessa%40example.com")).toBe(
    "/api/v1/auth/ask-delete-account?email=…",
  );
  expect(safeUrl("/flights?type=import&limit=1000")).toBe("/flights?type=import&limit=1000");
});

test("free text loses e-mail addresses, phone numbers and tokens, and keeps the rest", () => {
  expect(
    scrubPersonalData(
      "550 <hessa.alketbi@example.com>: rejected; call +971 50 765 4321; link 1QPrIcVnZng2hOaVbmp4jFX6etvV1GGsH5xzbBSYl4Q",
    ),
  ).toBe("550 <[email]>: rejected; call [number]; link [token]");
  expect(scrubPersonalData('duplicate key value violates unique constraint "payments_one_succeeded_per_invoice"')).toBe(
    'duplicate key value violates unique constraint "payments_one_succeeded_per_invoice"',
  );
});

test("an invoice's reference number keeps its digits in its own field, not in free text", () => {
  const { logger, text } = capturedLogger();
  logger.error({ refNumber: "INV-2026-000206", note: "INV-2026-000206" }, "refund INV-2026-000206");
  const line = JSON.parse(text());
  expect(line).toMatchObject({ refNumber: "INV-2026-000206", note: "INV-[number]", msg: "refund INV-[number]" });
  logger.error({ refNumber: "hessa.alketbi@example.com 1QPrIcVnZng2hOaVbmp4jFX6etvV1GGsH5xzbBSYl4Q" }, "x");
  expect(JSON.parse(text().split("\n")[1]!).refNumber).toBe("[email] [token]");
});

test("the deletion flow, with mail through SMTP, logs neither the address nor the code, even at trace level", async () => {
  const email = "log.watch@example.com";
  await api.database.db.insert(accounts).values({ displayName: "Log Watch", email });
  const { logger, text } = capturedLogger("trace");
  const smtp = await startSmtp();
  const app = await buildApp({ db: api.database.db, env: api.env }, { logger });
  const worker = createMailWorker({
    db: api.database.db,
    sealer: api.sealer,
    env: parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
    log: logger,
  });
  try {
    const ask = await app.inject({
      url: `/api/v1/auth/ask-delete-account?email=${encodeURIComponent(email)}`,
      remoteAddress: "10.9.1.1",
    });
    expect(ask.statusCode).toBe(200);
    // The code as its owner reads it: in the mail the SMTP server received.
    expect(await worker.deliverDue()).toMatchObject({ sent: 1 });
    const code = /code is (\d{4})/.exec(smtp.received[0]?.raw ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{4}$/);
    const confirm = (otpCode: string) =>
      app.inject({
        method: "POST",
        url: "/api/v1/auth/confrim-delete-account",
        payload: { email, otpCode },
        remoteAddress: "10.9.1.1",
      });
    expect((await confirm(String((Number(code) + 1) % 10_000).padStart(4, "0"))).statusCode).toBe(400);
    expect((await confirm(code)).statusCode).toBe(200);
    await worker.deliverDue();
    const line = text();
    expect(line).toContain("ask-delete-account");
    expect(line).not.toContain(email);
    expect(line).not.toContain("log.watch");
    // The code, as the mail, a log note or a request body would carry it.
    for (const leak of [`code is ${code}`, `code ${code}`, `"${code}"`, "otpCode"]) expect(line).not.toContain(leak);
  } finally {
    await worker.stop();
    await app.close();
    await smtp.stop();
  }
});
