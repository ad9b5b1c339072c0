import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { gzipSize, median, medianIndex, percentile } from "./stats.ts";

describe("median", () => {
  test("the middle value of an odd count, in any order", () => {
    expect(median([98, 95, 97])).toBe(97);
  });
  test("the mean of the two middle values of an even count", () => {
    expect(median([10, 40, 20, 30])).toBe(25);
  });
  test("ignores missing values and answers null when none is left", () => {
    expect(median([null, 3, undefined, 1, 2])).toBe(2);
    expect(median([null, undefined])).toBeNull();
    expect(median([])).toBeNull();
  });
  test("leaves its input unsorted", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("percentile", () => {
  test("nearest rank: p90 of ten samples is the ninth smallest", () => {
    expect(percentile([10, 1, 9, 2, 8, 3, 7, 4, 6, 5], 90)).toBe(9);
  });
  test("p100 is the maximum, p0 the minimum, empty is null", () => {
    expect(percentile([5, 1, 3], 100)).toBe(5);
    expect(percentile([5, 1, 3], 0)).toBe(1);
    expect(percentile([], 50)).toBeNull();
  });
});

describe("medianIndex", () => {
  test("picks the run whose value is the median", () => {
    expect(medianIndex([{ p: 99 }, { p: 95 }, { p: 97 }], (r) => r.p)).toBe(2);
  });
  test("on ties picks the first closest run, skipping runs without a value", () => {
    expect(medianIndex([{ p: null }, { p: 96 }, { p: 98 }], (r) => r.p)).toBe(1);
    expect(medianIndex([{ p: null }, { p: null }], (r) => r.p)).toBe(0);
  });
});

test("gzipSize is the length of zlib's level-9 gzip, far smaller for repetitive HTML", () => {
  const html = "<li>flight card</li>".repeat(500);
  expect(gzipSize(html)).toBe(gzipSync(html, { level: 9 }).length);
  expect(gzipSize(html)).toBeLessThan(html.length / 20);
});
