import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadBudgets } from "./budgets-file.ts";

const realFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "../budgets.json");

/** The parts of budgets.json the tests break, loosely typed (a test writes what the file must not hold). */
interface RawKind {
  routeJsGzipKB?: unknown;
  lighthouse: Record<string, Record<string, unknown> | undefined>;
}
interface RawBudgets {
  interactiveRoutes: unknown;
  content: RawKind;
  interactive: RawKind;
  lighthouseExceptions: Record<string, unknown>[];
}

/** budgets.json changed by `change`, written to a temporary file: loading it, to expect a throw. */
function loadChanged(change: (json: RawBudgets) => void): () => unknown {
  const json = JSON.parse(readFileSync(realFile, "utf8")) as RawBudgets;
  change(json);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "budgets-")), "budgets.json");
  writeFileSync(file, JSON.stringify(json));
  return () => loadBudgets(file);
}

describe("loadBudgets refuses a budgets.json it cannot judge by", () => {
  test("a missing or non-numeric number, named by its path", () => {
    expect(
      loadChanged((json) => {
        json.content.lighthouse["8"]!.maxTbtMs = "10";
      }),
    ).toThrow('"content.lighthouse.8.maxTbtMs" must be a number');
    expect(
      loadChanged((json) => {
        delete json.interactive.lighthouse["4"]!.seo;
      }),
    ).toThrow('"interactive.lighthouse.4.seo" must be a number');
    expect(
      loadChanged((json) => {
        delete json.content.routeJsGzipKB;
      }),
    ).toThrow('"content.routeJsGzipKB" must be a number');
  });

  test("a kind of page without Lighthouse budgets, or a slowdown key that is not a slowdown", () => {
    expect(
      loadChanged((json) => {
        json.interactive.lighthouse = {};
      }),
    ).toThrow('"interactive.lighthouse" must hold the budgets of each CPU slowdown');
    expect(
      loadChanged((json) => {
        json.content.lighthouse.fast = json.content.lighthouse["8"];
      }),
    ).toThrow('"content.lighthouse.fast": a CPU slowdown must be a number from 1 to 20');
  });

  test("an interactive route the bench does not measure (a typo would judge the form as a content page)", () => {
    expect(
      loadChanged((json) => {
        json.interactiveRoutes = ["/contact-us", "/ar/contactus"];
      }),
    ).toThrow('"interactiveRoutes" names routes the bench does not measure: /ar/contactus');
  });

  test("an exception without a reason", () => {
    expect(
      loadChanged((json) => {
        json.lighthouseExceptions[0]!.reason = " ";
      }),
    ).toThrow('"lighthouseExceptions[0]" needs a route, a Lighthouse category and a reason');
  });
});
