// `npm run build -w @khayl/server`: bundles the server (apps/server/src/main.ts with the
// API, config, contract and db packages it imports) into one ES module,
// apps/server/dist/main.js, that plain Node runs: production needs no TypeScript loader
// and survives `npm prune --omit=dev`. Packages from node_modules stay external (they
// are installed dependencies); only our own workspace packages are bundled.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, "dist");
const workspace = /^@khayl\//;

/**
 * Our sources find files next to themselves (`new URL("../migrations", import.meta.url)`):
 * in the bundle, `import.meta.url` is the bundle's own address, so each bundled source's
 * `import.meta.url` is rewritten to its original location relative to the bundle — the
 * same paths keep working, and the checkout can still be moved as a whole.
 */
const keepSourceLocations = {
  name: "keep-source-locations",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return { contents: source, loader: "ts" };
      const relative = path.relative(outdir, args.path).split(path.sep).join("/");
      const original = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", original), loader: "ts" };
    });
  },
};

/** Everything imported by a bare name stays an import, except our workspace packages. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      workspace.test(args.path) || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: { main: path.join(here, "src/main.ts") },
  outdir,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  sourcemap: true,
  logLevel: "warning",
  plugins: [externalPackages, keepSourceLocations],
});
