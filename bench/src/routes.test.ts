import { describe, expect, test } from "vitest";
import { arabicPath, parseInvoiceLine, quickRoutes, type RouteContext, resolveRoute, specRoutes } from "./routes.ts";

const context: RouteContext = {
  product: "Khayl",
  blogId: 3,
  showId: 7,
  flightId: 9,
  invoicePath: "/invoice/abc123",
};

describe("specRoutes", () => {
  test("lists the 18 routes of product §2 and a show's and a flight's page once each; --quick measures three", () => {
    expect(specRoutes).toHaveLength(20);
    expect(new Set(specRoutes).size).toBe(20);
    expect(specRoutes).toContain("/transport/{showId}");
    expect(specRoutes).toContain("/flights/{flightId}");
    expect(quickRoutes).toEqual(["/", "/transport", "/flights"]);
    for (const r of quickRoutes) expect(specRoutes).toContain(r);
  });
});

describe("resolveRoute", () => {
  test("fills the product name, the blog id and the invoice link", () => {
    expect(resolveRoute("/{product}-App", context)).toEqual({ path: "/Khayl-App" });
    expect(resolveRoute("/blogs/{id}", context)).toEqual({ path: "/blogs/3" });
    expect(resolveRoute("/invoice/{hash}", context)).toEqual({ path: "/invoice/abc123" });
    expect(resolveRoute("/QR", context)).toEqual({ path: "/QR" });
    expect(resolveRoute("/transport/{showId}", context)).toEqual({ path: "/transport/7" });
    expect(resolveRoute("/flights/{flightId}", context)).toEqual({ path: "/flights/9" });
  });

  test("skips a route whose value is missing, with the reason", () => {
    const missing: RouteContext = {
      product: "Khayl",
      blogId: { missing: "blogs API answers 404" },
      showId: { missing: "no show" },
      flightId: { missing: "no flight" },
      invoicePath: { missing: "no Invoice line" },
    };
    expect(resolveRoute("/blogs/{id}", missing)).toEqual({ skipped: "blogs API answers 404" });
    expect(resolveRoute("/invoice/{hash}", missing)).toEqual({ skipped: "no Invoice line" });
    expect(resolveRoute("/transport/{showId}", missing)).toEqual({ skipped: "no show" });
  });
});

test("arabicPath puts an English path under /ar", () => {
  expect(arabicPath("/")).toBe("/ar");
  expect(arabicPath("/blogs/3")).toBe("/ar/blogs/3");
  expect(arabicPath("/invoice/abc?step=2")).toBe("/ar/invoice/abc?step=2");
});

describe("parseInvoiceLine", () => {
  test("reads the path from a plain start-up line", () => {
    expect(parseInvoiceLine("  Invoice: http://localhost:3000/invoice/9f8e7d6c5b4a")).toBe("/invoice/9f8e7d6c5b4a");
  });
  test("reads the path from a JSON log line", () => {
    expect(parseInvoiceLine('{"level":30,"msg":"Invoice: http://127.0.0.1:3301/invoice/AbC-_12"}')).toBe(
      "/invoice/AbC-_12",
    );
  });
  test("accepts a bare path and keeps a query", () => {
    expect(parseInvoiceLine("Invoice: /invoice/xyz?lang=en")).toBe("/invoice/xyz?lang=en");
  });
  test("answers null for other lines and other paths", () => {
    expect(parseInvoiceLine("Site:  http://localhost:3000")).toBeNull();
    expect(parseInvoiceLine("Invoice: http://localhost:3000/blogs/1")).toBeNull();
  });
});
