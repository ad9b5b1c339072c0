import { expect, test } from "vitest";
import { collectFindings } from "./report-findings.ts";
import { routeResult, run } from "./report-testing.ts";

test("collectFindings groups an audit over routes and slowdowns, most widespread first", () => {
  const a = routeResult("/a", run(97, 92));
  const b = routeResult("/b", run(97, 92));
  b.lighthouse?.["8"]?.failedAudits.push({
    id: "unused-javascript",
    category: "performance",
    title: "Reduce unused JavaScript",
    score: 50,
    displayValue: "Est savings of 46 KiB",
    items: ["/assets/entry.client-x.js · wastedBytes 30000"],
  });
  expect(collectFindings([a, b])).toEqual([
    {
      id: "meta-description",
      category: "SEO",
      title: "Document does not have a meta description",
      at: ["4×", "8×"],
      routes: ["`/a`", "`/b`"],
      example: "",
    },
    {
      id: "unused-javascript",
      category: "performance",
      title: "Reduce unused JavaScript",
      at: ["8×"],
      routes: ["`/b`"],
      example: "`/b` at 8×: Est savings of 46 KiB: /assets/entry.client-x.js · wastedBytes 30000",
    },
  ]);
});
