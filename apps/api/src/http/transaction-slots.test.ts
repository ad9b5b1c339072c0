import { expect, test } from "vitest";
import { HttpError } from "./errors.ts";
import { transactionSlots } from "./transaction-slots.ts";

/** Work that runs until `release()`: a request waiting on an advisory lock another holds. */
function heldWork() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => done.then(() => "done"), release };
}

/** What `inSlot` answered at once: "queued" (a promise), or the status it refused with. */
function attempt(inSlot: ReturnType<typeof transactionSlots>, client: string, work: () => Promise<string>) {
  try {
    return { answer: inSlot(client, work) };
  } catch (error) {
    return { refused: error instanceof HttpError ? error.statusCode : error };
  }
}

test("one network takes at most its share of the slots and their queue; other networks still get in", async () => {
  const inSlot = transactionSlots({ concurrency: 2, maxWaiting: 50, perClient: 5, retryAfterMs: 1_000 });
  const held = heldWork();
  // Eight requests from eight addresses of one IPv6 /48 (different /64s): five are taken.
  const fromOneNetwork = Array.from({ length: 8 }, (_, i) => attempt(inSlot, `2001:db8:1:${i}::1`, held.work));
  expect(fromOneNetwork.map((a) => ("refused" in a ? a.refused : "taken"))).toEqual([
    ...Array(5).fill("taken"),
    429,
    429,
    429,
  ]);
  // Another network, and an IPv4 client, are not refused for it.
  const other = attempt(inSlot, "2001:db8:2::1", held.work);
  const ipv4 = attempt(inSlot, "203.0.113.7", held.work);
  expect(["answer" in other, "answer" in ipv4]).toEqual([true, true]);
  held.release();
  await Promise.all([...fromOneNetwork, other, ipv4].flatMap((a) => ("answer" in a ? [a.answer] : [])));
  // Once they ended, the network's share is free again.
  expect(await inSlot("2001:db8:1:9::1", async () => "again")).toBe("again");
});

test("past the queue's length every client is refused at once with 429 and retry-after", async () => {
  const inSlot = transactionSlots({ concurrency: 1, maxWaiting: 3, perClient: 5, retryAfterMs: 2_000 });
  const held = heldWork();
  const taken = Array.from({ length: 4 }, (_, i) => inSlot(`198.51.100.${i + 1}`, held.work));
  let refusal: unknown;
  try {
    void inSlot("198.51.100.99", held.work);
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toBeInstanceOf(HttpError);
  expect([(refusal as HttpError).statusCode, (refusal as HttpError).headers]).toEqual([429, { "retry-after": "2" }]);
  held.release();
  expect(await Promise.all(taken)).toEqual(["done", "done", "done", "done"]);
});
