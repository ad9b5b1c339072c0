// The bench's ceiling (architecture §5): a bare `node:http` server answering, from memory, the
// exact status, headers and (already compressed) bytes the bench captured from the site.
// No framework, no routing table, no compression at request time: what one Node process
// can do when a page costs nothing to produce. Run by bench/src/bare.ts as its own
// process (so autocannon, in the bench's process, does not share its event loop):
//   node bare-server.mjs <folder>   (folder of <name>.json {status, headers} + <name>.body)
// Prints `listening <port>` once it listens on 127.0.0.1 (a free port).
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const folder = process.argv[2];
if (!folder) throw new Error("usage: node bare-server.mjs <folder>");
const answers = new Map();
for (const file of readdirSync(folder)) {
  if (!file.endsWith(".json")) continue;
  const name = file.slice(0, -".json".length);
  const { status, headers } = JSON.parse(readFileSync(path.join(folder, file), "utf8"));
  const body = readFileSync(path.join(folder, `${name}.body`));
  answers.set(`/${name}`, { status, headers: { ...headers, "content-length": String(body.length) }, body });
}
const server = http.createServer((request, response) => {
  const answer = answers.get(request.url);
  if (!answer) {
    response.writeHead(404, { "content-length": "0" }).end();
    return;
  }
  response.writeHead(answer.status, answer.headers).end(answer.body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
