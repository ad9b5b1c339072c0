import { fileURLToPath } from "node:url";
import { getConfig } from "@lingui/conf";
import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import babel from "vite-plugin-babel";

/**
 * Modules every page with scripts loads, bundled into the entry chunk (`entry.client-*.js`):
 * React Router's default client entry (the test captures it, so this group *is* the entry
 * chunk, and rolldown's runtime helpers go in it too), react-dom and its scheduler, React
 * Router, Lingui, and our document shell: react-dom's small non-client half (the lazy
 * toaster imports it too) and the dialog, which every page with scripts but the 404 shows
 * (the site layout's app modal, the contact thanks, the deletion steps), root's revalidation
 * rule (`unreachable.ts`) and the contract's digits, which every form page reads (each a
 * chunk of about 100 bytes on its own, a file's gzip overhead more than its content: the
 * contact page was 0.2 KB over its budget). Not root.tsx,
 * whose CSS must stay its own, or lazy chunks would list it and load it again. Then every
 * page inside the site layout loads one more chunk: the layout route's navigation, footer
 * and app modal. One file and one compression window each instead of a dozen: a separate
 * shell chunk and runtime cost 1.6 KB gzip more on every page, and with the dialog in
 * the site chunk `/delete-account` loaded the navigation and footer too (decision 011).
 */
const SHELL =
  /[\\/](app[\\/](lib[\\/](analytics\.ts|config\.ts|error-screen\.ts|meta\.ts|unreachable\.ts|i18n[\\/](language\.ts|lingui\.tsx|link\.tsx))|components[\\/](analytics|language-switch|ui[\\/](toaster|spinner|modal))\.tsx)|contract[\\/]src[\\/]digits\.ts|node_modules[\\/](@react-router[\\/]dev[\\/]dist[\\/]config[\\/]defaults[\\/]entry\.client\.tsx|react-router[\\/].*|scheduler[\\/].*|@lingui[\\/](core|react|message-utils)[\\/].*|react-dom[\\/](index|client|cjs[\\/]react-dom(-client)?\.production)\.js))$/;
/** The site layout (`routes/layouts/site.tsx`, a route module imported with a query) and what only it renders. */
const SITE =
  /[\\/]app[\\/](routes[\\/]layouts[\\/]site\.tsx(\?.*)?|components[\\/](site-nav|site-footer|logo|store-buttons|app-modal)\.tsx)$/;

/**
 * The form layer both forms load (`fields.tsx`, `use-form.ts`, their rules' message helpers in the
 * contract's `messages.ts`, the phone value a form submits): one chunk instead of three.
 * `messages.ts` and `phone.ts` were chunks of their own of under 200 bytes (the invoice's
 * lazy payment step and the lazy phone field import them too), and each file's gzip costs
 * its own header and window: the contact page had 64 bytes left of its 125 KB. With them the
 * contact page's WhatsApp link (0.4 KB, a chunk of its own until the contact page had 3 bytes left).
 */
const FORM =
  /[\\/](app[\\/](components[\\/](form[\\/](fields\.tsx|use-form\.ts)|whatsapp-link\.tsx)|lib[\\/]phone\.ts)|contract[\\/]src[\\/]messages\.ts)$/;

/**
 * Small modules the invoice page and its lazy payment step share, with the deletion form for
 * the second (the invoice buttons' classes, `BdiText`, the contract's date formats): one chunk
 * instead of three of 0.2–0.7 KB, each of which cost its own gzip header and window (the
 * invoice page was 41 bytes over its 125 KB, twice; the deletion form, at 122 KB, loads
 * the buttons' and the formats' 0.9 KB too).
 */
const INVOICE_PARTS =
  /[\\/](app[\\/]components[\\/](invoice[\\/]buttons\.ts|bdi-text\.tsx)|contract[\\/]src[\\/]format\.ts)$/;

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
                  { name: "entry.client", test: SHELL, priority: 2 },
                  { name: "site", test: SITE },
                  { name: "fields", test: FORM },
                  { name: "parts", test: INVOICE_PARTS },
                ],
              },
            },
          },
        }),
  },
}));
