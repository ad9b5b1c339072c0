import { expect, test } from "vitest";
import { localizedTexts } from "./language.ts";

const english = { title: "Show jumping", description: "Two days in Dubai" };

test("a complete Arabic version is answered in Arabic", () => {
  expect(localizedTexts(english, { ar: { title: "قفز الحواجز", description: "يومان في دبي" } }, "ar")).toEqual({
    texts: { title: "قفز الحواجز", description: "يومان في دبي" },
    language: "ar",
  });
});

test("an incomplete Arabic version, or an English request, is answered in English", () => {
  expect(localizedTexts(english, { ar: { title: "قفز الحواجز" } }, "ar")).toEqual({ texts: english, language: "en" });
  expect(localizedTexts(english, { ar: { title: "قفز الحواجز", description: "يومان" } }, "en").language).toBe("en");
});

test("keys the English texts do not have are ignored, so stored JSON cannot overwrite other fields", () => {
  const stored = { ar: { title: "قفز الحواجز", description: "يومان في دبي", id: 999, date: "1999-01-01" } };
  const { texts } = localizedTexts(english, stored as { ar: Partial<typeof english> }, "ar");
  expect(texts).toEqual({ title: "قفز الحواجز", description: "يومان في دبي" });
});
