import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Modules every page loads (the document shell; not root.tsx, whose CSS must stay its
 * own, or lazy chunks would list it and load it again) or every page inside the site layout
 * loads (navigation, footer, app modal). Bundled into one chunk each instead of a dozen
 * tiny ones: one request and one compression window each, which saves ~2 KB gzip of
 * per-file overhead on every page (the per-route JavaScript budget is 125 KB).
 */
const SHELL =
  /[\\/]app[\\/](lib[\\/](nonce\.tsx|analytics\.ts|config\.ts|meta\.ts|i18n[\\/](index|en|area)\.ts)|components[\\/](analytics|ui[\\/](toaster|spinner))\.tsx)$/;
const SITE = /[\\/]app[\\/]components[\\/](site-nav|site-footer|logo|store-buttons|app-modal|ui[\\/]modal)\.tsx$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
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
