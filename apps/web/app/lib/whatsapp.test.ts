import { expect, test } from "vitest";
import { whatsappUrl } from "./whatsapp.ts";

test("a wa.me link with the number's digits and the message encoded; none without a number", () => {
  expect(whatsappUrl("+971 50 000 0000", "Hello, Dressage Day on 5 Jan & more?")).toBe(
    "https://wa.me/971500000000?text=Hello%2C%20Dressage%20Day%20on%205%20Jan%20%26%20more%3F",
  );
  expect(whatsappUrl("+971 50 000 0000", "مرحبًا")).toBe(
    `https://wa.me/971500000000?text=${encodeURIComponent("مرحبًا")}`,
  );
  expect(whatsappUrl(null, "Hello")).toBeNull();
});
