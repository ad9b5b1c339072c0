import { expect, test } from "vitest";
import { mailboxOf } from "./mailbox.ts";

test("tags, case and Gmail's dots do not make another mailbox; other addresses stay as typed", () => {
  for (const variant of ["rider@example.com", "Rider@Example.com", "rider+1@example.com", "RIDER+alerts+x@example.com"])
    expect(mailboxOf(variant)).toBe("rider@example.com");
  for (const variant of ["h.essa@gmail.com", "hessa+x@googlemail.com", "H.E.S.S.A@Gmail.com"])
    expect(mailboxOf(variant)).toBe("hessa@gmail.com");
  // Dots are the address elsewhere; a leading `+` is not a tag.
  expect(mailboxOf("h.essa@example.ae")).toBe("h.essa@example.ae");
  expect(mailboxOf("+971@example.ae")).toBe("+971@example.ae");
});
