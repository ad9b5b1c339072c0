import { outbox } from "@khayl/db/schema";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../../testing.ts";

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

/** The link token of the newest confirmation mail to `email`. */
async function tokenOf(email: string): Promise<string> {
  const [mail] = await api.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.kind, "alert-confirmation")))
    .orderBy(desc(outbox.id))
    .limit(1);
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
  expect(get.statusCode).toBe(404);
  expect((await post("subscriptions/lookup", { token })).json().data.alerts).toHaveLength(1);

  // 60 link calls per client per 10 minutes, then 429 in the envelope.
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++)
    statuses.push((await post("subscriptions/language", { token, language: "en" }, "10.28.9.9")).statusCode);
  expect(statuses.every((s) => s === 200)).toBe(true);
  const limited = await post("subscriptions/language", { token, language: "en" }, "10.28.9.9");
  expect(limited.json()).toMatchObject({ success: false, statusCode: 429 });
});
