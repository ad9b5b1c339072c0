import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Endpoint } from "./endpoint.ts";

/**
 * Tests: every endpoint the contract package describes (each module's `…Endpoints` objects),
 * found by reading the package, so a new module is covered without being listed anywhere.
 */
export async function contractEndpoints(): Promise<Endpoint[]> {
  const dir = fileURLToPath(new URL("./", import.meta.url));
  const found: Endpoint[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const module = (await import(`./${file}`)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (typeof value !== "object" || value === null) continue;
      for (const candidate of Object.values(value)) {
        const e = candidate as Partial<Endpoint> | null;
        if (e && typeof e === "object" && typeof e.path === "string" && typeof e.method === "string" && e.data)
          found.push(e as Endpoint);
      }
    }
  }
  return found;
}
