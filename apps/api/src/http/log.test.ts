import { PassThrough, Writable } from "node:stream";
import { expect, test } from "vitest";
import { createLogger, nonBlockingStdout, safeUrl, scrubPersonalData } from "./log.ts";

/** A logger as production builds it, writing its JSON lines into `lines`. */
function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("info", destination), text: () => lines.join("") };
}

const token = "Zq3kP9xR2mT7vW4yB8nC1dF6gH5jK0sLaQeUo_-Xt9Y";

test("personal data inside logged objects is masked, not only in the message", () => {
  const { logger, text } = capturedLogger();
  const cause = new Error("could not deliver to hessa.alketbi@example.com");
  logger.warn(
    {
      email: "hessa.alketbi@example.com",
      url: `/ar/invoice/${token}?pay=1`,
      page: `/invoice/${token}`,
      mail: { recipients: ["rider@example.ae", "+971 50 765 4321"], note: `link ${token}` },
      cause,
      err: new Error("refused for owner@example.org"),
      attempt: 3,
      discipline: "endurance",
    },
    "delivery failed",
  );
  const line = text();
  for (const secret of [
    "hessa.alketbi@example.com",
    "rider@example.ae",
    "owner@example.org",
    "765 4321",
    token,
    "pay=1",
  ])
    expect(line).not.toContain(secret);
  const logged = JSON.parse(line) as Record<string, unknown>;
  expect(logged).toMatchObject({
    email: "[email]",
    url: "/ar/invoice/:hash?pay=…",
    page: "/invoice/:hash",
    mail: { recipients: ["[email]", "[number]"], note: "link [token]" },
    cause: { type: "Error", message: "could not deliver to [email]" },
    err: { message: "refused for [email]" },
    attempt: 3,
    discipline: "endurance",
    msg: "delivery failed",
  });
});

test("log lines a stopped reader does not take are dropped, never piled up, and counted once it reads again", async () => {
  // A pipe whose reader stopped: nothing reads this stream until `resume`.
  const out = new PassThrough({ highWaterMark: 1024 });
  const logger = createLogger("info", nonBlockingStdout(out, 4 * 1024));
  for (let i = 0; i < 1_000; i++) logger.info({ i }, "x".repeat(100));
  // At most the allowance and one line wait: the other lines were dropped, not buffered.
  expect(out.writableLength).toBeLessThan(4 * 1024 + 512);
  const read: string[] = [];
  out.on("data", (chunk: Buffer) => read.push(String(chunk)));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const lines = read.join("").trim().split("\n");
  const notice = JSON.parse(lines.at(-1) as string) as { level: number; msg: string };
  const kept = lines.length - 1;
  expect(kept).toBeGreaterThan(0);
  expect(notice).toMatchObject({
    level: 40,
    msg: `${1_000 - kept} log lines were dropped: the reader of standard output did not keep up`,
  });
});

test("an address is masked whole, however long its local part and whatever stands next to it", () => {
  const long = `${"a.b-c_d%e+f".repeat(10)}@example.com`;
  expect(scrubPersonalData(`to ${long}.`)).toBe("to [email].");
  expect(scrubPersonalData("(hessa@example.ae),<rider@stable.example.org>;owner@x.io")).toBe(
    "([email]),<[email]>;[email]",
  );
  expect(scrubPersonalData("a@b@example.com and @example.com and hessa@localhost")).toBe(
    "a@[email] and @example.com and hessa@localhost",
  );
});

test("a long request path with no address in it is logged as sent (decision 029)", () => {
  // The shapes that made the e-mail pattern rescan the path from every character.
  for (const path of [`/${"x".repeat(8_000)}`, `/${".".repeat(8_000)}-.AA`, `/a@${"a".repeat(8_000)}`]) {
    expect(safeUrl(path)).toBe(path);
  }
  expect(safeUrl(`/${"x".repeat(8_000)}@example.com`)).toBe("/[email]");
});

test("a query key that is not a parameter's name is masked as its value is: an address, a number, a token", () => {
  expect(safeUrl("/transport?victim@example.com")).toBe("/transport?…=…");
  expect(safeUrl("/transport?+971501234567=x")).toBe("/transport?…=…");
  expect(safeUrl("/?5g-iJrPAett0hMgUDN0iMnz9MCNSVQ49JjwVBB2DPgA")).toBe("/?…=…");
  expect(safeUrl("/?iJrPAettNhMgUDNoiMnzqMCNSVQ49JjwVBB2DPgA")).toBe("/?…=…");
  expect(safeUrl("/contact-us?email=a%40b.com&utm_source=mail&filter[type]=x")).toBe(
    "/contact-us?email=…&utm_source=…&filter[type]=…",
  );
  expect(safeUrl("/flights?type=export&step=2")).toBe("/flights?type=export&step=2");
});

test("an alert link's token is masked by its place, whatever characters its MAC happens to have", () => {
  // About one MAC in 1 500 has no digit: the look of a token alone would let it through.
  const digitless = "12.ZqkPxRmTvWyBnCdFgHjKsLaQeUo_-XtYabcdefghi";
  for (const prefix of ["", "/ar", "/AR"])
    for (const page of ["confirm", "manage", "Manage"]) {
      expect(safeUrl(`${prefix}/alerts/${page}/${digitless}`)).toBe(`${prefix}/alerts/${page}/:token`);
      expect(safeUrl(`${prefix}/alerts/${page}/${digitless}.data?_routes=x`)).toBe(
        `${prefix}/alerts/${page}/:token?_routes=…`,
      );
    }
  expect(safeUrl(`/alerts/manage/${digitless.replace("Z", "%5A")}`)).toBe("/alerts/manage/:token");
  expect(safeUrl("/alerts")).toBe("/alerts");
});

test("a link token is masked however a raw client spells the path the router reads as its page", () => {
  // Browsers send `/`; a raw client may send `\` or dot segments, which the page router reads
  // as the same page, so the token is masked in every spelling (decision 019).
  const digitless = "12.ZqkPxRmTvWyBnCdFgHjKsLaQeUo_-XtYabcdefghi";
  const hash = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
  expect(safeUrl(`/alerts\\manage\\${digitless}`)).toBe("/alerts/manage/:token");
  expect(safeUrl(`/ar\\alerts\\confirm\\${digitless}.data`)).toBe("/ar/alerts/confirm/:token");
  expect(safeUrl(`/invoice\\${hash}`)).toBe("/invoice/:hash");
  expect(safeUrl(`/ar\\invoice\\${hash}\\pdf`)).toBe("/ar/invoice/:hash/pdf");
  expect(safeUrl(`/x\\..\\invoice/${hash}`)).toBe("/invoice/:hash");
  expect(safeUrl(`/x/%2e%2e/alerts/manage/${digitless}?step=2`)).toBe("/alerts/manage/:token?step=2");
  expect(safeUrl(`//evil.example/invoice/${hash}`)).toBe("//evil.example/invoice/:hash");
});
