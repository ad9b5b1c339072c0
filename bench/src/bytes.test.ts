import { describe, expect, test } from "vitest";
import { kindOf, type LoadedResource, staticImports, weigh } from "./bytes.ts";
import { inlineScriptBytes } from "./scale.ts";
import { gzipSize } from "./stats.ts";

const html =
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/>` +
  `<link rel="stylesheet" href="/assets/root-B.css"/></head>
<body><script type="module">import "/assets/route-C.js";</script></body></html>`;
const resource = (path: string, kind: LoadedResource["kind"], body: string, transferBytes = 100): LoadedResource => ({
  path,
  kind,
  body: Buffer.from(body),
  transferBytes,
});

describe("kindOf", () => {
  test("classifies by request type, then content type", () => {
    expect(kindOf("document", "text/html")).toBe("html");
    expect(kindOf("script", "")).toBe("js");
    expect(kindOf("other", "text/javascript; charset=utf-8")).toBe("js");
    expect(kindOf("stylesheet", "text/css")).toBe("css");
    expect(kindOf("image", "image/svg+xml")).toBe("other");
  });
});

describe("weigh", () => {
  const js = "export const x = 1;".repeat(50);
  const resources = [
    resource("/flights", "html", html),
    resource("/assets/entry.client-A.js", "js", js),
    resource("/assets/route-C.js", "js", "export {};"),
    resource("/assets/phone-D.js", "js", js + js),
    resource("/assets/root-B.css", "css", "a{color:red}"),
    resource("/images/hero.svg", "other", "<svg/>"),
  ];
  const weight = weigh(resources);

  test("JS counts every script loaded; of it, those the HTML names are initial, the others lazy", () => {
    expect(weight.js.files.map((f) => f.path).sort()).toEqual([
      "/assets/entry.client-A.js",
      "/assets/phone-D.js",
      "/assets/route-C.js",
    ]);
    expect(weight.jsInitial.files.map((f) => f.path).sort()).toEqual([
      "/assets/entry.client-A.js",
      "/assets/route-C.js",
    ]);
    expect(weight.jsLazy.files.map((f) => f.path)).toEqual(["/assets/phone-D.js"]);
  });

  test("sums raw bytes and level-9 gzip sizes per kind", () => {
    expect(weight.jsInitial.raw).toBe(js.length + "export {};".length);
    expect(weight.jsInitial.gzip).toBe(gzipSize(js) + gzipSize("export {};"));
    expect(weight.js.gzip).toBe(weight.jsInitial.gzip + weight.jsLazy.gzip);
    expect(weight.css).toEqual({
      raw: 12,
      gzip: gzipSize("a{color:red}"),
      files: [{ path: "/assets/root-B.css", raw: 12, gzip: gzipSize("a{color:red}") }],
    });
    expect(weight.html.raw).toBe(Buffer.byteLength(html));
  });

  test("counts every response on the wire", () => {
    expect(weight.requests).toBe(6);
    expect(weight.transferBytes).toBe(600);
  });
});

test("scripts imported statically by initial scripts are initial too, whether or not the HTML preloads them", () => {
  const page =
    `<html><head></head><body><script type="module">import * as route0 from "/assets/home-H.js"; ` +
    `import("/assets/entry.client-E.js");</script></body></html>`;
  const loaded = [
    resource("/", "html", page),
    resource("/assets/entry.client-E.js", "js", 'import{a as b}from"./shell-S.js";import"./react-dom-R.js";'),
    resource(
      "/assets/home-H.js",
      "js",
      'import{c}from"./shell-S.js";export{d}from"./card-C.js";const p=()=>import("./phone-P.js");',
    ),
    resource("/assets/shell-S.js", "js", "export const a=1,c=2;"),
    resource("/assets/react-dom-R.js", "js", "export{};"),
    resource("/assets/card-C.js", "js", "export const d=1;"),
    resource("/assets/phone-P.js", "js", "export const big=1;"),
  ];
  const weight = weigh(loaded);
  expect(weight.jsInitial.files.map((f) => f.path).sort()).toEqual([
    "/assets/card-C.js",
    "/assets/entry.client-E.js",
    "/assets/home-H.js",
    "/assets/react-dom-R.js",
    "/assets/shell-S.js",
  ]);
  expect(weight.jsLazy.files.map((f) => f.path)).toEqual(["/assets/phone-P.js"]);
});

test("staticImports finds import/export-from specifiers, not dynamic imports", () => {
  expect(
    staticImports(
      'import{a}from"./a.js";import"./b.js";export*from"./c.js";const x=import("./d.js");import * as e from "/e.js"',
    ),
  ).toEqual(["./a.js", "./b.js", "./c.js", "/e.js"]);
});

test("inlineScriptBytes counts inline script contents only", () => {
  const page =
    `<script src="/a.js"></script><script nonce="n">window.__ctx = {"a":1};</script><p>x</p><script ` +
    `type="module">import "/b.js";</script>`;
  expect(inlineScriptBytes(page)).toBe('window.__ctx = {"a":1};'.length + 'import "/b.js";'.length);
});

test("cardsIn counts schedule cards, not other buttons", async () => {
  const { cardsIn } = await import("./scale.ts");
  const html =
    '<button type="button" class="card flex h-full">A</button><button class="cardinal">x</button>' +
    '<button aria-label="Open menu" class="menu">m</button>' +
    '<button type="button" aria-haspopup="dialog" class="card flex">B</button>';
  expect(cardsIn(html)).toBe(2);
});
