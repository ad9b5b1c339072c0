import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { expect, test } from "vitest";
import { clientErrorAnswer, rememberLanguage } from "./errors.ts";

/** What `clientErrorAnswer` writes on a connection for `error`, after `requests` were read on it. */
async function answerOn(error: { code: string; rawPacket?: Buffer }, requests: { url: string }[]) {
  const socket = new PassThrough();
  for (const { url } of requests) rememberLanguage({ socket, url, headers: {} } as unknown as IncomingMessage);
  const written: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => written.push(chunk));
  const ended = new Promise((resolve) => socket.on("end", resolve));
  clientErrorAnswer({ "x-content-type-options": "nosniff" })(Object.assign(new Error("late"), error), socket);
  await ended;
  return Buffer.concat(written).toString("utf8");
}

test("Node's own request timeout answers 408 in the language its request asked for", async () => {
  // Node gives no bytes with its timeout: the language is the request's, read before.
  const arabic = await answerOn({ code: "ERR_HTTP_REQUEST_TIMEOUT" }, [{ url: "/ar/contact-us" }]);
  expect(arabic).toMatch(/^HTTP\/1\.1 408 /);
  expect(arabic).toContain('"message":"استغرق وصول الطلب وقتًا طويلًا"');
  expect(arabic).toContain("x-content-type-options: nosniff");
  const english = await answerOn({ code: "ERR_HTTP_REQUEST_TIMEOUT" }, [{ url: "/contact-us" }]);
  expect(english).toContain('"message":"The request took too long to arrive"');
  // A connection that never got a request through, and a refusal with the request's bytes.
  expect(await answerOn({ code: "ERR_HTTP_REQUEST_TIMEOUT" }, [])).toContain("The request took too long to arrive");
  const refused = await answerOn({ code: "HPE_INVALID_METHOD", rawPacket: Buffer.from("FOO /ar/x HTTP/1.1\r\n") }, []);
  expect(refused).toMatch(/^HTTP\/1\.1 400 .*[\s\S]*"message":"طلب غير صالح"/);
});
