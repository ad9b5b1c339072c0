import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "@khayl/config/env";
import { accountDeletionEndpoints } from "@khayl/contract/account-deletion";
import { alertEndpoints } from "@khayl/contract/alerts";
import { blogEndpoints } from "@khayl/contract/blogs";
import { configurationEndpoints } from "@khayl/contract/configurations";
import { defineEndpoint, type Endpoint } from "@khayl/contract/endpoint";
import { eventEndpoints } from "@khayl/contract/events";
import { invoiceEndpoints } from "@khayl/contract/invoices";
import { legalEndpoints } from "@khayl/contract/legal";
import { releaseEndpoints } from "@khayl/contract/releases";
import { selectiveServiceEndpoints } from "@khayl/contract/selective-services";
import { supportRequestEndpoints } from "@khayl/contract/support-requests";
import type { DbHandle } from "@khayl/db/client";
import { createTestDb } from "@khayl/db/testing";
import Fastify, { type InjectOptions, type LightMyRequestResponse, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { API_ROOT, apiRootPlugin } from "../app.ts";
import { API_DOCS_CSP, registerOpenApi } from "./openapi.ts";
import { registerEndpoint } from "./route.ts";

type OpenApiDocument = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        summary?: string;
        tags?: string[];
        responses: Record<
          string,
          { description?: string; content?: Record<string, unknown>; headers?: Record<string, unknown> }
        >;
      }
    >
  >;
};

/** Every endpoint the contract defines (the values of each `…Endpoints` object). */
function contractEndpoints(): Endpoint[] {
  return [
    accountDeletionEndpoints,
    alertEndpoints,
    blogEndpoints,
    configurationEndpoints,
    eventEndpoints,
    invoiceEndpoints,
    legalEndpoints,
    releaseEndpoints,
    selectiveServiceEndpoints,
    supportRequestEndpoints,
  ].flatMap((group) => Object.values(group) as Endpoint[]);
}

interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/**
 * `redocly lint <file>` with the repository's redocly.yaml (the recommended rules and the
 * exceptions it lists with their reasons), as its JSON report. No telemetry, no update check.
 */
function redoclyLint(file: string): Promise<RedoclyReport> {
  const cli = fileURLToPath(import.meta.resolve("@redocly/cli/bin/cli.js"));
  const config = fileURLToPath(new URL("../../../../redocly.yaml", import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, "lint", file, "--config", config, "--format", "json"],
      { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as RedoclyReport);
        } catch {
          reject(error ?? new Error(`redocly lint gave no JSON report: ${stderr}`));
        }
      },
    );
  });
}

let database: DbHandle;
const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
/** Every route the API registers, seen by a hook installed before it (as a later module's routes would be). */
const registered: Pick<RouteOptions, "method" | "url" | "schema">[] = [];

beforeAll(async () => {
  database = await createTestDb();
  app.addHook("onRoute", (route) => {
    registered.push({ method: route.method, url: route.url, schema: route.schema });
  });
  await app.register(apiRootPlugin, { prefix: API_ROOT, db: database.db, env: parseEnv({}) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function openApiDocument(): Promise<OpenApiDocument> {
  const response = await app.inject({ method: "GET", url: "/api/docs/json" });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** `/api/v1/blog/:id` → `/blog/{id}` (paths are relative to the server URL /api/v1). */
function documentPath(url: string): string {
  return url.replace(/^\/api\/v1/, "").replace(/:([A-Za-z0-9_]+)/g, "{$1}") || "/";
}

describe("the OpenAPI document", () => {
  test("lists every API route with its method, summary, tags and success answer", async () => {
    const document = await openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "/api/v1" }]);
    const apiRoutes = registered.filter(
      (route) => route.url.startsWith("/api/v1/") && !route.url.endsWith("*") && route.method !== "HEAD",
    );
    expect(apiRoutes.length).toBeGreaterThanOrEqual(12);
    for (const route of apiRoutes) {
      for (const method of [route.method].flat()) {
        const operation = document.paths[documentPath(route.url)]?.[method.toLowerCase()];
        expect(operation, `${method} ${route.url} is documented`).toBeDefined();
        expect(operation?.summary, `${method} ${route.url} has a summary`).toBeTruthy();
        expect(operation?.tags?.length, `${method} ${route.url} has tags`).toBeGreaterThan(0);
        const success = Object.entries(operation?.responses ?? {}).find(([status]) => status.startsWith("2"));
        // A link a browser opens (the alerts' one-click URL) succeeds with a 303 to a page, no body.
        const seeOther = operation?.responses["303"];
        const described = success ? success[1].content : seeOther?.headers?.location;
        expect(described, `${method} ${route.url} describes its success answer`).toBeDefined();
      }
    }
  });

  test(
    "documents the error answers a client relies on: 402/409/502 of payments, 429 of limited routes, 413/415 of " +
      "bodies",
    async () => {
      const doc = await openApiDocument();
      const statuses = (path: string) => Object.keys(doc.paths[path]!.post!.responses).sort();
      expect(statuses("/invoices-v2/confirm-payment-by-link")).toEqual(
        expect.arrayContaining(["402", "409", "413", "415", "429", "502"]),
      );
      expect(statuses("/invoices-v2/create-payment-by-link")).toEqual(expect.arrayContaining(["409", "429", "502"]));
      expect(statuses("/invoices-v2/sandbox-confirm-payment")).toEqual(expect.arrayContaining(["402"]));
      expect(statuses("/supportRequests/")).toEqual(expect.arrayContaining(["201", "400", "413", "415", "429"]));
    },
  );

  test("a 429 and a 503 are listed with their retry-after; the API alone lists no 429 on a plain read", async () => {
    const doc = await openApiDocument();
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    for (const operation of operations) {
      // Every call that reads the database may find it unreachable (decision 023); health says so its own way.
      if (operation.operationId === "getConfigurations") expect(operation.responses["503"]).toBeUndefined();
      else expect(operation.responses["503"], operation.operationId).toBeDefined();
      for (const status of ["429", "503"]) {
        const response = operation.responses[status];
        if (!response || operation.operationId === "getHealth") continue;
        expect(response.headers, `${operation.operationId} ${status}`).toEqual({
          "retry-after": {
            schema: { type: "integer", minimum: 1 },
            description: "Seconds to wait before asking again",
          },
        });
      }
    }
    expect(doc.paths["/health"]!.get!.responses["503"]).toMatchObject({
      description: expect.stringContaining("Database unreachable"),
    });
    expect(doc.paths["/health"]!.get!.responses["503"]!.headers).toBeUndefined();
    // The read budget is the host's (apps/server reads.api.test.ts): without it, a read is never refused 429.
    expect(Object.keys(doc.paths["/event-services/website"]!.get!.responses).sort()).toEqual([
      "200",
      "400",
      "404",
      "503",
    ]);
    expect(Object.keys(doc.paths["/auth/ask-delete-account"]!.get!.responses)).toContain("429");
  });

  test("every answer a call really gives is one its operation lists, with the retry-after it carries", async () => {
    const doc = await openApiDocument();
    const seen = new Set<number>();
    let client = 0;
    const answerListed = async (path: string, method: string, options: Omit<InjectOptions, "method" | "url">) => {
      const response = await app.inject({
        remoteAddress: `10.77.${Math.floor(++client / 250)}.${client % 250}`,
        ...options,
        method: method.toUpperCase() as "GET" | "POST",
        url: `/api/v1${path.replace(/\{[^}]+\}/g, "1")}`,
      });
      const listed = doc.paths[path]![method]!.responses[String(response.statusCode)];
      const what = `${method.toUpperCase()} ${path} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(listed, what).toBeDefined();
      if (response.headers["retry-after"]) expect(listed?.headers?.["retry-after"], what).toBeDefined();
      seen.add(response.statusCode);
      return response;
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        if (method === "get") {
          await answerListed(path, method, {});
          continue;
        }
        await answerListed(path, method, { payload: {} });
        await answerListed(path, method, { payload: "{}", headers: { "content-type": "text/plain" } });
        await answerListed(path, method, { payload: { fullName: "x".repeat(2 * 1024 * 1024) } });
      }
    }
    // A rate limit's 429, from one client (deletion codes: 10 asks per client and quarter hour).
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++)
      last = await answerListed("/auth/ask-delete-account", "get", {
        query: { email: "x" },
        remoteAddress: "10.78.0.1",
      });
    expect([last?.statusCode, last?.headers["retry-after"]]).toEqual([429, expect.any(String)]);
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 400, 404, 413, 415, 429]));
  });

  test("every operation has the operationId of its contract endpoint, unique across the API", async () => {
    const document = await openApiDocument();
    const endpoints = contractEndpoints();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operationId: operation.operationId })),
    );
    expect(operations.length).toBe(endpoints.length);
    for (const operation of operations) {
      const endpoint = endpoints.find(
        (e) => documentPath(e.path) === operation.path && e.method.toLowerCase() === operation.method,
      );
      expect(operation.operationId, `${operation.method} ${operation.path}`).toBe(endpoint?.operationId);
    }
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    expect(operations.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(["askDeleteAccount", "confirmDeleteAccount", "getInvoiceByLink", "listWebsiteEvents"]),
    );
  });

  test("passes Redocly's recommended rules (redocly.yaml): no errors, no warnings", async () => {
    const document = await openApiDocument();
    const folder = await mkdtemp(path.join(os.tmpdir(), "khayl-openapi-"));
    try {
      const file = path.join(folder, "openapi.json");
      await writeFile(file, JSON.stringify(document));
      const report = await redoclyLint(file);
      const problems = report.problems.map(
        (p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location.map((l) => l.pointer).join(", ")})`,
      );
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test("documents the product §7 calls with their inputs and shapes", async () => {
    const document = await openApiDocument();
    const blog = document.paths["/blog/{id}"]?.get as unknown as {
      parameters: { in: string; name: string }[];
      responses: Record<
        string,
        { content: Record<string, { schema: { properties: { data: { properties: Record<string, unknown> } } } }> }
      >;
    };
    expect(blog.parameters).toContainEqual(expect.objectContaining({ in: "path", name: "id" }));
    expect(Object.keys(blog.responses["200"]!.content["application/json"]!.schema.properties.data.properties)).toEqual(
      expect.arrayContaining(["title", "date", "isMainBlog", "Images", "tag", "category", "content"]),
    );
    expect(Object.keys(blog.responses)).toEqual(expect.arrayContaining(["200", "400", "404"]));
    for (const path of [
      "/blog/getWebsiteBlogs",
      "/privacy/selected/{category}",
      "/release-logs/",
      "/release-logs/getWebsiteRelease",
      "/event-services/website",
      "/selective-services/website",
      "/configurations/",
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
    expect(document.paths["/supportRequests/"]?.post).toBeDefined();
    expect(Object.keys(document.paths).some((path) => path.includes("docs") || path.includes("*"))).toBe(false);
  });
});

test("/api/docs answers the Swagger UI page under its own CSP, with its assets from the same origin", async () => {
  for (const url of ["/api/docs", "/api/docs/"]) {
    const page = await app.inject({ method: "GET", url });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toBe(API_DOCS_CSP);
    expect(page.body).toContain('<div id="swagger-ui"></div>');
    expect(page.body).not.toMatch(/<script>|<style>|https?:\/\//);
  }
  for (const asset of [
    "/api/docs/static/swagger-ui-bundle.js",
    "/api/docs/static/swagger-ui.css",
    "/api/docs/static/swagger-initializer.js",
  ]) {
    const response = await app.inject({ method: "GET", url: asset });
    expect(response.statusCode, asset).toBe(200);
    expect(response.headers["cache-control"], asset).toBeDefined();
  }
});

test("every answer of the docs says how it may be kept: none is left to a cache's heuristics", async () => {
  for (const url of ["/api/docs", "/api/docs/", "/api/docs/json", "/api/docs/yaml", "/api/docs/static/index.html"]) {
    const response = await app.inject({ method: "GET", url });
    expect(response.headers["cache-control"], url).toBe("no-cache");
  }
  // The API's own answers keep theirs.
  const health = await app.inject({ method: "GET", url: "/api/v1/health" });
  expect(health.headers["cache-control"]).toBe("no-store");
});

test("a binary endpoint is documented by its content type, and still answers its bytes", async () => {
  const pdf = defineEndpoint({
    method: "POST",
    path: "/files/print",
    operationId: "printFile",
    body: z.object({ hash: z.string() }),
    data: z.null(),
    summary: "Print a file",
    tags: ["files"],
    binary: "application/pdf",
  });
  const local = Fastify();
  local.setValidatorCompiler(validatorCompiler);
  local.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(local, { title: "Test", serverUrl: "/", version: "1" });
  registerEndpoint(local, pdf, async (_input, { reply }) => {
    await reply.type("application/pdf").send(Buffer.from("%PDF-1.7 test"));
    return null;
  });
  await local.ready();
  const document = local.swagger() as unknown as OpenApiDocument;
  const responses = document.paths["/files/print"]?.post?.responses ?? {};
  expect(responses["200"]?.content).toEqual({ "application/pdf": { schema: { type: "string", format: "binary" } } });
  const answer = await local.inject({ method: "POST", url: "/files/print", payload: { hash: "x" } });
  expect(answer.headers["content-type"]).toBe("application/pdf");
  expect(answer.body).toBe("%PDF-1.7 test");
  await local.close();
});
