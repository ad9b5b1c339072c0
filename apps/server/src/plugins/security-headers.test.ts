import { parseEnv } from "@khayl/config/env";
import { live } from "@khayl/config/testing";
import Fastify from "fastify";
import { expect, test } from "vitest";
import { securityHeaders } from "./security-headers.ts";

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
