import { describe, expect, test } from "vitest";
import { analyticsSetup, pageViewPath } from "./analytics.ts";

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
  const token = "G3sDHvMlN3EPHJvDFHmA_-TcIpdBhstGkyn3VRM1BVc";

  test("never reports a private page's parameters, in any language", () => {
    expect(pageViewPath({ pathname: `/invoice/${token}`, search: "?step=2&method=card" }, { hash: token })).toBe(
      "/invoice/:hash?step=2&method=card",
    );
    expect(pageViewPath({ pathname: `/ar/invoice/${token}`, search: "" }, { hash: token })).toBe("/ar/invoice/:hash");
    expect(pageViewPath({ pathname: "/AR/Invoice/a%20b/pdf", search: "" }, { hash: "a b" })).toBe(
      "/AR/Invoice/:hash/pdf",
    );
  });

  test("reports a public page's path with its query string", () => {
    expect(pageViewPath({ pathname: "/flights", search: "?type=export" }, null)).toBe("/flights?type=export");
    expect(pageViewPath({ pathname: "/blogs/3", search: "" }, null)).toBe("/blogs/3");
    expect(pageViewPath({ pathname: "/", search: "" }, null)).toBe("/");
  });
});
