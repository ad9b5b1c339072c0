import { isRouteErrorResponse } from "react-router";
import { describe, expect, test } from "vitest";
import { readForm } from "./form.server.ts";

function post(
  body: BodyInit | ReadableStream<Uint8Array>,
  contentType: string | null,
  headers: Record<string, string> = {},
) {
  return new Request("http://localhost/contact-us", {
    method: "POST",
    body,
    headers: { ...(contentType ? { "content-type": contentType } : {}), ...headers },
    duplex: "half",
  } as RequestInit);
}

/** The status of the React Router response `readForm` throws. */
async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    // `data()` throws a DataWithResponseInit: its `init.status` is the answer's status.
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    if (isRouteErrorResponse(error)) return error.status;
    throw error;
  }
  return 200;
}

describe("readForm", () => {
  test("reads a browser's CRLF line breaks as LF, as the text field counted them (product §5)", async () => {
    const form = await readForm(
      post("supportInquiry=one%0D%0Atwo%0Dthree%0Afour", "application/x-www-form-urlencoded"),
    );
    expect(form.get("supportInquiry")).toBe("one\ntwo\nthree\nfour");
    const multipart = new FormData();
    multipart.set("supportInquiry", "one\r\ntwo");
    const request = new Request("http://localhost/", { method: "POST", body: multipart });
    expect((await readForm(request)).get("supportInquiry")).toBe("one\ntwo");
  });

  test("takes a support inquiry at its limit in a script of three UTF-8 bytes a character", async () => {
    const inquiry = "馬".repeat(20_000);
    const body = new URLSearchParams({
      fullName: "ज".repeat(200),
      applicableReference: "ज".repeat(200),
      supportInquiry: inquiry,
    });
    const form = await readForm(post(body.toString(), "application/x-www-form-urlencoded"));
    expect(form.get("supportInquiry")).toBe(inquiry);
  });

  test("reads URL-encoded and multipart forms", async () => {
    const encoded = await readForm(post("fullName=Layla+Haddad&email=l%40x.ae", "application/x-www-form-urlencoded"));
    expect(encoded.get("fullName")).toBe("Layla Haddad");
    const multipart = new FormData();
    multipart.set("email", "omar@example.com");
    const request = new Request("http://localhost/", { method: "POST", body: multipart });
    expect((await readForm(request)).get("email")).toBe("omar@example.com");
  });

  test("JSON or text bodies answer 415, not 500", async () => {
    expect(await statusOf(readForm(post('{"fullName":"x"}', "application/json")))).toBe(415);
    expect(await statusOf(readForm(post("fullName=x", null)))).toBe(415);
  });

  test("a broken multipart body answers 400", async () => {
    expect(await statusOf(readForm(post("--nope\r\ngarbage", "multipart/form-data; boundary=other")))).toBe(400);
  });

  test("a declared Content-Length over the limit answers 413 before reading", async () => {
    expect(
      await statusOf(readForm(post("a=1", "application/x-www-form-urlencoded", { "content-length": "999999" }), 1024)),
    ).toBe(413);
  });

  test("an endless chunked body answers 413 and is not read past the limit", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(97));
      },
    });
    expect(await statusOf(readForm(post(endless, "application/x-www-form-urlencoded"), 16 * 1024))).toBe(413);
    expect(pulled).toBeLessThan(40);
  });
});
