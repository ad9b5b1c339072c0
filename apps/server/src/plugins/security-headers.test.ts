import { parseEnv } from "@khayl/config/env";
import { live } from "@khayl/config/testing";
import Fastify from "fastify";
import { expect, test } from "vitest";
import { headersOutsideHooks, securityHeaders } from "./security-headers.ts";

async function answerOf(source: Record<string, string>) {
  const app = Fastify();
  await app.register(securityHeaders, { env: parseEnv(source) });
  app.get("/", async () => "ok");
  try {
    return await app.inject({ url: "/" });
  } finally {
    await app.close();
  }
}

test("a public https site sends HSTS on every answer, even when the proxy forgets to say https", async () => {
  expect((await answerOf(live)).headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  // The local demo never pins its host to https (host.api.test.ts: only a trusted proxy saying https does).
  expect((await answerOf({})).headers["strict-transport-security"]).toBeUndefined();
});

test("an answer written where no hook runs carries every security header a hooked answer does", async () => {
  // A malformed URL, a request Node's parser refused, a failed expectation, a client too slow
  // (./errors.ts, ../slow-clients.ts) are written with `headersOutsideHooks`.
  for (const source of [live, {}]) {
    const hooked = (await answerOf(source)).headers;
    const outside = headersOutsideHooks(parseEnv(source));
    for (const name of Object.keys(hooked).filter(
      (n) => !["content-type", "content-length", "date", "connection", "keep-alive"].includes(n),
    ))
      expect(outside[name], name).toBe(hooked[name]);
  }
  expect(headersOutsideHooks(parseEnv(live))["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});
