import { outbox } from "@khayl/db/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";
import { openedOutbox } from "../mail/testing.ts";

/** The manage page's calls (decision 028): list an address's alerts, stop one or all, change the mail language. */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_URL: "http://localhost:3000" });
});
afterAll(async () => {
  await api.close();
});

const post = (url: string, payload: object, remoteAddress = "10.28.0.1") =>
  api.app.inject({ method: "POST", url: `/api/v1/alerts/${url}`, payload, remoteAddress });

/** Asks `on` for the alert of all flights, in English, for `email` from `remoteAddress`. */
const askFlightsAlert = (on: TestApi, email: string, remoteAddress: string) =>
  on.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions",
    payload: { email, watch: "flights", filter: "all", language: "en" },
    remoteAddress,
  });

/** The link token of the newest confirmation mail to `email`. */
async function tokenOf(email: string): Promise<string> {
  const mail = (
    await openedOutbox(api.database.db, api.sealer, and(eq(outbox.to, email), eq(outbox.kind, "alert-confirmation")))
  ).at(-1);
  return /\/alerts\/confirm\/([\w.-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
}

/** Asks for `body` and confirms it by the link of the mail queued for `email`; answers the link token. */
async function subscribeConfirmed(email: string, body: Record<string, string>): Promise<string> {
  expect((await post("subscriptions", { email, language: "en", ...body })).statusCode).toBe(202);
  const token = await tokenOf(email);
  expect((await post("subscriptions/confirm", { token })).statusCode).toBe(200);
  return token;
}

test("the manage calls list an address's alerts, change their language, stop one, then all", async () => {
  const first = await subscribeConfirmed("owner@example.com", { watch: "flights", filter: "export" });
  await subscribeConfirmed("Owner@example.com", { watch: "shows", filter: "1,3" });
  await subscribeConfirmed("someone-else@example.com", { watch: "flights", filter: "all" });

  const listed = await post("subscriptions/lookup", { token: first });
  expect(listed.statusCode).toBe(200);
  const alerts = listed.json().data.alerts as { token: string; watch: string }[];
  expect(alerts.map(({ token: _token, ...alert }) => alert)).toEqual([
    { watch: "flights", filter: "export", language: "en", confirmed: true },
    { watch: "shows", filter: "1,3", language: "en", confirmed: true },
  ]);
  expect(alerts[0]?.token).toBe(first);

  // The mail language, for every alert of the address (one digest covers them all).
  const language = await post("subscriptions/language", { token: alerts[1]!.token, language: "ar" });
  expect(language.json()).toMatchObject({ success: true, statusCode: 200, data: { language: "ar" } });
  const after = (await post("subscriptions/lookup", { token: first })).json().data.alerts as { language: string }[];
  expect(after.map((a) => a.language)).toEqual(["ar", "ar"]);
  const other = await post("subscriptions/lookup", { token: await tokenOf("someone-else@example.com") });
  expect(other.json().data.language).toBe("en");

  // Stop one: the other alert of the address stays.
  const stopped = await post("subscriptions/unsubscribe", { token: alerts[1]!.token, scope: "this" });
  expect(stopped.json()).toMatchObject({ success: true, data: { status: "unsubscribed" } });
  const left = (await post("subscriptions/lookup", { token: first })).json().data.alerts as { watch: string }[];
  expect(left.map((a) => a.watch)).toEqual(["flights"]);
  expect((await post("subscriptions/lookup", { token: alerts[1]!.token })).statusCode).toBe(404);

  // Stop all (the default scope, as before): the link is then no longer valid.
  expect((await post("subscriptions/unsubscribe", { token: first })).statusCode).toBe(200);
  expect((await post("subscriptions/lookup", { token: first })).statusCode).toBe(404);
  expect((await post("subscriptions/language", { token: first, language: "en" })).json()).toEqual({
    success: false,
    statusCode: 404,
    message: "This alert link is no longer valid",
  });
});

test("bad input answers the envelope with 400, a GET changes nothing, and the link calls are rate-limited", async () => {
  const token = await subscribeConfirmed("limits@example.com", { watch: "flights", filter: "all" });
  const bad = await post("subscriptions/language", { token, language: "fr" });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toMatchObject({ success: false, statusCode: 400, message: expect.stringContaining("language") });
  const badScope = await post("subscriptions/unsubscribe", { token, scope: "some" });
  expect(badScope.json()).toMatchObject({ success: false, statusCode: 400 });
  const get = await api.app.inject({ method: "GET", url: `/api/v1/alerts/subscriptions/language?token=${token}` });
  expect([get.statusCode, get.headers.allow]).toEqual([405, "POST"]);
  expect((await post("subscriptions/lookup", { token })).json().data.alerts).toHaveLength(1);

  // 60 link calls per client per 10 minutes, whichever it makes, then 429 in the envelope.
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++)
    statuses.push(
      (i % 2
        ? await post("subscriptions/language", { token, language: "en" }, "10.28.9.9")
        : await post("subscriptions/lookup", { token }, "10.28.9.9")
      ).statusCode,
    );
  expect(statuses.every((s) => s === 200)).toBe(true);
  for (const call of [
    () => post("subscriptions/lookup", { token }, "10.28.9.9"),
    () => post("subscriptions/confirm", { token }, "10.28.9.9"),
    () => post("subscriptions/unsubscribe", { token, scope: "this" }, "10.28.9.9"),
    () => post("subscriptions/language", { token, language: "en" }, "10.28.9.9"),
    () => post(`one-click?token=${token}`, {}, "10.28.9.9"),
    // The one-click link opened in a browser.
    () => api.app.inject({ method: "GET", url: `/api/v1/alerts/one-click?token=${token}`, remoteAddress: "10.28.9.9" }),
  ]) {
    const limited = await call();
    expect(limited.json()).toMatchObject({ success: false, statusCode: 429 });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  }
  // Another client's budget is its own.
  expect((await post("subscriptions/lookup", { token }, "10.28.9.10")).statusCode).toBe(200);
});

test("a link token whose id overflows the column is a 400, on every link call and the one-click URL", async () => {
  const mac = "A".repeat(43);
  // The largest id the column holds is a well-formed link to nothing: 404, or "unsubscribed" (idempotent).
  for (const [url, unknown] of [
    ["subscriptions/lookup", 404],
    ["subscriptions/confirm", 404],
    ["subscriptions/unsubscribe", 200],
  ] as const) {
    const overflow = await post(url, { token: `9999999999.${mac}` }, "10.28.7.1");
    expect(overflow.json()).toMatchObject({
      success: false,
      statusCode: 400,
      message: "token is not a valid link token",
    });
    expect((await post(url, { token: `2147483647.${mac}` }, "10.28.7.1")).statusCode).toBe(unknown);
  }
  const language = await post("subscriptions/language", { token: `2147483648.${mac}`, language: "en" }, "10.28.7.1");
  expect(language.statusCode).toBe(400);
  const oneClick = await api.app.inject({
    method: "POST",
    url: `/api/v1/alerts/one-click?token=2147483648.${mac}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
    remoteAddress: "10.28.7.1",
  });
  expect(oneClick.json()).toMatchObject({ success: false, statusCode: 400 });
  // A one-watch alert names an id the schedule's column can hold.
  const watch = await post(
    "subscriptions",
    { email: "overflow@example.com", language: "en", watch: "flight", filter: "2147483648" },
    "10.28.7.2",
  );
  expect(watch.json()).toMatchObject({ success: false, statusCode: 400 });
});

test("one click stops the alerts with the form body a mailbox provider sends, multipart as RFC 8058 asks", async () => {
  const token = await subscribeConfirmed("one-click@example.com", { watch: "flights", filter: "all" });
  const boundary = "----provider";
  const stopped = await api.app.inject({
    method: "POST",
    url: `/api/v1/alerts/one-click?token=${token}`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    remoteAddress: "10.28.7.3",
  });
  expect(stopped.json()).toMatchObject({ success: true, statusCode: 200, data: { status: "unsubscribed" } });
  expect((await post("subscriptions/lookup", { token }, "10.28.7.3")).statusCode).toBe(404);
  // Other routes still take JSON only.
  const form = await api.app.inject({
    method: "POST",
    url: "/api/v1/alerts/subscriptions/lookup",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}--\r\n`,
    remoteAddress: "10.28.7.3",
  });
  expect(form.json()).toMatchObject({ success: false, statusCode: 415 });
});

test("one network cannot spend the site's confirmations: past its fifth its requests get no mail, others still do", async () => {
  const small = await createTestApi({ PUBLIC_URL: "http://localhost:3000", ALERT_CONFIRMATIONS_PER_HOUR: "10" });
  try {
    const ask = (email: string, remoteAddress: string) => askFlightsAlert(small, email, remoteAddress);
    // Ten addresses from one IPv6 /48 (another /64 each time): the whole hour's budget without a share.
    for (let i = 0; i < 10; i++)
      expect((await ask(`flood${i}@example.org`, `2001:db8:29:${i}::1`)).statusCode).toBe(202);
    const sent = async () =>
      (await openedOutbox(small.database.db, small.sealer)).filter((mail) => mail.to !== "[suppressed]");
    expect((await sent()).map((mail) => mail.to)).toEqual(["flood0@example.org", "flood1@example.org"]);
    // Someone else, a minute later: their confirmation is queued.
    expect((await ask("owner@example.com", "198.51.100.29")).statusCode).toBe(202);
    expect((await sent()).map((mail) => mail.to)).toContain("owner@example.com");
  } finally {
    await small.close();
  }
});

test("a tag per request buys no new mails to one inbox, and the site sends at most its hourly confirmations", async () => {
  const small = await createTestApi({ PUBLIC_URL: "http://localhost:3000", ALERT_CONFIRMATIONS_PER_HOUR: "5" });
  try {
    const ask = (email: string, client: number) => askFlightsAlert(small, email, `10.29.0.${client}`);
    const mailsTo = async (pattern: RegExp) =>
      (await small.database.db.select().from(outbox)).filter((mail) => pattern.test(mail.to));
    // Five tagged spellings of one Gmail inbox, each from its own client: three mails, as for one address.
    const answers = [];
    for (const [i, email] of [
      "victim+1@gmail.com",
      "Victim+2@gmail.com",
      "vic.tim@gmail.com",
      "victim+4@googlemail.com",
      "v.ictim+5@gmail.com",
    ].entries())
      answers.push((await ask(email, i + 1)).json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const victim = await mailsTo(/^v\.?ic\.?tim/i);
    expect(victim).toHaveLength(3);
    // They wait behind the mails about one person's account (the bulk lane).
    expect(victim.map((mail) => mail.priority)).toEqual([2, 2, 2]);
    // Three more inboxes: the site's five an hour are spent after two of them.
    for (const [i, email] of ["one@example.org", "two@example.org", "three@example.org"].entries())
      expect((await ask(email, 10 + i)).statusCode).toBe(202);
    expect((await mailsTo(/@example\.org$/)).map((mail) => mail.to)).toEqual(["one@example.org", "two@example.org"]);
  } finally {
    await small.close();
  }
});

test("asking for an alert the address already holds does the work of any other request (no timing tell)", async () => {
  await subscribeConfirmed("held@example.com", { watch: "flights", filter: "all" });
  const rows = async () => (await api.database.db.select().from(outbox)).length;
  const before = await rows();
  const answers = [];
  for (const client of ["10.28.8.1", "10.28.8.2"])
    answers.push(
      (
        await post(
          "subscriptions",
          { email: "held@example.com", watch: "flights", filter: "all", language: "en" },
          client,
        )
      ).json(),
    );
  expect(answers[1]).toEqual(answers[0]);
  // Each wrote one outbox row that never leaves: no recipient, no text.
  const written = (await openedOutbox(api.database.db, api.sealer)).slice(before);
  expect(written.map((mail) => [mail.to, mail.text])).toEqual([
    ["[suppressed]", "[redacted after delivery]"],
    ["[suppressed]", "[redacted after delivery]"],
  ]);
  expect(await rows()).toBe(before + 2);
  // And spent the inbox's three mails of the day: a new alert asked now gets no mail.
  await post(
    "subscriptions",
    { email: "held@example.com", watch: "shows", filter: "all", language: "en" },
    "10.28.8.3",
  );
  const toHeld = (await api.database.db.select().from(outbox)).filter((mail) => mail.to === "held@example.com");
  expect(toHeld).toHaveLength(1);
});
