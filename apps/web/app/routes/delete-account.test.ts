import { expect, test } from "vitest";
import { clientAction } from "./delete-account.tsx";

/** The deletion form's post as its page sends it: `intent` and the address. */
function post(intent: "ask" | "confirm") {
  const body = new URLSearchParams({ intent, email: "omar@example.com", otpCode: "1234" });
  return new Request("http://localhost/delete-account", { method: "POST", body });
}

type Args = Parameters<typeof clientAction>[0];
const failingWith = (error: unknown, intent: "ask" | "confirm" = "confirm") =>
  clientAction({
    request: post(intent),
    serverAction: () => Promise.reject(error),
  } as unknown as Args);

test("a post the browser could not send is 'unreachable', in the step it came from", async () => {
  // The browser's fetch fails with a TypeError when the connection is down.
  expect(await failingWith(new TypeError("Failed to fetch"))).toMatchObject({
    step: "code",
    email: "omar@example.com",
    unreachable: true,
    failed: false,
  });
});

test("an error answering the post (the action failing on the server, a proxy's 503) is 'failed', never the error page", async () => {
  // React Router hands on an action that threw on the server as an Error; a proxy's page as an error response.
  for (const error of [new Error("Unexpected Server Error"), new Response("Service Unavailable", { status: 503 })])
    expect(await failingWith(error, "ask")).toMatchObject({ step: "email", unreachable: true, failed: true });
});

test("a redirect (the code accepted: on to /success) passes as it is", async () => {
  const redirect = new Response(null, { status: 302, headers: { location: "/success" } });
  await expect(failingWith(redirect)).rejects.toBe(redirect);
});
