import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupThousands, latinDigits } from "./digits.ts";

describe("groupThousands", () => {
  it("puts a comma between groups of three Latin digits", () => {
    expect(groupThousands(0)).toBe("0");
    expect(groupThousands(999)).toBe("999");
    expect(groupThousands(1_000)).toBe("1,000");
    expect(groupThousands(20_000)).toBe("20,000");
    expect(groupThousands(1_234_567)).toBe("1,234,567");
    expect(groupThousands(Number.MAX_SAFE_INTEGER)).toBe("9,007,199,254,740,991");
  });

  it("writes every whole number as en-US does", () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (value) => {
        expect(groupThousands(value)).toBe(value.toLocaleString("en-US"));
      }),
    );
  });

  it("refuses what is not a whole number of at least 0", () => {
    for (const value of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => groupThousands(value)).toThrow(RangeError);
    }
  });
});

it("reads digits typed on an Arabic keyboard as Latin digits, nothing else changed (latinDigits)", () => {
  expect(latinDigits("٤٩٦٣")).toBe("4963");
  expect(latinDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
  expect(latinDigits("+٩٧١ ٥٠ ١٢٣ ٤٥٦٧")).toBe("+971 50 123 4567");
  expect(latinDigits("abc 123 ٫")).toBe("abc 123 ٫");
});
