import { expect, test } from "vitest";
import { describeWatch } from "./service.ts";

test("an alert on disciplines names them in the mail's language, listed as that language lists", () => {
  const row = { watch: "shows", filter: "1,3" };
  expect(describeWatch(row, "en")).toBe("new show transport for Show Jumping, Dressage");
  expect(describeWatch(row, "ar")).toBe("النقل الجديد إلى بطولات قفز الحواجز، الترويض");
});
