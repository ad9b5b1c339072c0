import { defineConfig } from "vite";

/**
 * A plain production build of the baseline app (no plugins, Vite's defaults: minified,
 * tree-shaken). `npm run bench` reads the sizes of dist/assets/*.
 */
export default defineConfig({
  root: import.meta.dirname,
  logLevel: "error",
  build: { outDir: "dist", emptyOutDir: true, assetsInlineLimit: 0, reportCompressedSize: false },
});
