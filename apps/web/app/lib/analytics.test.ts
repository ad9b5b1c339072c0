import { describe, expect, test } from "vitest";
import { analyticsSetup, isPrivatePath, pageViewPath } from "./analytics.ts";

describe("analyticsSetup", () => {
  test("no measurement id: no script at all", () => {
    expect(analyticsSetup(null)).toBeNull();
    expect(analyticsSetup(undefined)).toBeNull();
    expect(analyticsSetup("")).toBeNull();
  });

  test("a measurement id loads gtag.js for it and turns off automatic page views", () => {
    const setup = analyticsSetup("G-AB12CD34EF");
    expect(setup?.src).toBe("https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF");
    expect(setup?.inline).toContain('gtag("config","G-AB12CD34EF",{send_page_view:false})');
  });

  test("an id that could break out of the inline script is refused", () => {
    expect(analyticsSetup('G-1");alert(1);("')).toBeNull();
    expect(analyticsSetup("G-1</script><script>alert(1)</script>")).toBeNull();
  });
});

describe("pageViewPath", () => {
  test("never reports an invoice link's token", () => {
    expect(
      pageViewPath({ pathname: "/invoice/G3sDHvMlN3EPHJvDFHmA_-TcIpdBhstGkyn3VRM1BVc", search: "?step=2&method=card" }),
    ).toBe("/invoice/:hash?step=2&method=card");
    expect(pageViewPath({ pathname: "/Invoice/abc/pdf", search: "" })).toBe("/invoice/:hash/pdf");
    expect(isPrivatePath("/invoice/abc")).toBe(true);
    expect(isPrivatePath("/invoices")).toBe(false);
    expect(isPrivatePath("/blogs/3")).toBe(false);
  });

  test("reports the path with its query string", () => {
    expect(pageViewPath({ pathname: "/flights", search: "?type=export" })).toBe("/flights?type=export");
    expect(pageViewPath({ pathname: "/", search: "" })).toBe("/");
  });
});
