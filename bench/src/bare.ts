import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { onCleanup } from "./cleanup.ts";
import type { HttpAnswer } from "./http.ts";

/** Headers about the connection or the moment, which the bare server sets itself (or leaves out). */
const perConnection = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

/**
 * The headers the bare server replays for a captured answer: all of the site's (type,
 * encoding, CSP, cache headers, ETag …) but those about the connection or the moment.
 */
export function bareHeaders(headers: HttpAnswer["headers"]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || perConnection.has(name.toLowerCase())) continue;
    out[name] = value;
  }
  return out;
}

export interface BareServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts `bare-server.mjs` in its own Node process serving `answers` (name → captured
 * answer, or one the bench wrote, as the floor page; bytes as sent: a `content-encoding`
 * header must match them) at `/<name>`, and 404 to anything else; stops it on cleanup.
 */
export async function startBareServer(
  folder: string,
  answers: ReadonlyMap<string, Pick<HttpAnswer, "status" | "headers" | "body">>,
): Promise<BareServer> {
  mkdirSync(folder, { recursive: true });
  for (const [name, answer] of answers) {
    if (!/^[\w-]+$/.test(name)) throw new Error(`bare server: "${name}" is not a plain name`);
    writeFileSync(path.join(folder, `${name}.body`), answer.body);
    writeFileSync(
      path.join(folder, `${name}.json`),
      JSON.stringify({ status: answer.status, headers: bareHeaders(answer.headers) }),
    );
  }
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "bare-server.mjs");
  const child = spawn(process.execPath, [script, folder], { stdio: ["ignore", "pipe", "inherit"] });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  const stop = onCleanup("bare static server", async () => {
    if (exited) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exit;
    clearTimeout(timer);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const found = /listening (\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    void exit.then(() => reject(new Error(`the bare static server exited before listening: ${output}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}
