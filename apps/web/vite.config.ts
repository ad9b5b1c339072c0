import { fileURLToPath } from "node:url";
import { getConfig } from "@lingui/conf";
import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import babel from "vite-plugin-babel";

/**
 * Modules every page loads (the document shell, with react-dom's small non-client half,
 * which the lazy toaster also imports; not root.tsx, whose CSS must stay its own, or lazy
 * chunks would list it and load it again) or every page inside the site layout
 * loads (navigation, footer, app modal). Bundled into one chunk each instead of a dozen
 * tiny ones: one request and one compression window each, which saves ~2 KB gzip of
 * per-file overhead on every page (the per-route JavaScript budget is 125 KB).
 */
const SHELL =
  /[\\/](app[\\/](lib[\\/](analytics\.ts|config\.ts|meta\.ts|i18n[\\/](language\.ts|lingui\.tsx|link\.tsx))|components[\\/](analytics|language-switch|ui[\\/](toaster|spinner))\.tsx)|node_modules[\\/](@lingui[\\/](core|react|message-utils)[\\/].*|react-dom[\\/](index|cjs[\\/]react-dom\.production)\.js))$/;
const SITE = /[\\/]app[\\/]components[\\/](site-nav|site-footer|logo|store-buttons|app-modal|ui[\\/]modal)\.tsx$/;

const linguiConfigPath = fileURLToPath(new URL("./lingui.config.ts", import.meta.url));

/**
 * Lingui's macros (`t\`…\``, `msg\`…\``: decision 016) compiled by Babel in our own sources;
 * route modules are also imported with a `?__react-router-build-client-route` query.
 */
export function linguiMacros() {
  const linguiConfig = getConfig({ configPath: linguiConfigPath });
  return babel({
    include: /[\\/]apps[\\/]web[\\/]app[\\/].*\.tsx?(\?.*)?$/,
    babelConfig: {
      babelrc: false,
      configFile: false,
      presets: [["@babel/preset-typescript", { isTSX: true, allExtensions: true }]],
      plugins: [["@lingui/babel-plugin-lingui-macro", { linguiConfig }]],
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    linguiMacros(),
    tailwindcss(),
    reactRouter(),
    lingui({ failOnMissing: true, configPath: linguiConfigPath }),
  ],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "shell", test: SHELL },
                  { name: "site", test: SITE },
                ],
              },
            },
          },
        }),
  },
}));
