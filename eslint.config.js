// ESLint runs one kind of check, which Biome does not have: regular expressions whose time
// grows faster than their input (decision 029). Biome stays the linter and formatter for
// everything else (decision 013). The scope is the code that runs in the product, where a
// pattern can meet what a client sends; tests, the bench and scripts are not in it.
import tsParser from "@typescript-eslint/parser";
import regexp from "eslint-plugin-regexp";

export default [
  // ESLint also reads plain JavaScript by default: none of ours is in scope (builds, scripts).
  { ignores: ["**/*.{js,mjs,cjs}"] },
  {
    files: ["apps/*/app/**/*.{ts,tsx}", "apps/*/src/**/*.{ts,tsx}", "packages/*/src/**/*.{ts,tsx}"],
    ignores: [
      "**/*.test.{ts,tsx}",
      "**/testing.ts",
      "**/*-testing.ts",
      // Compiled catalogues (Lingui), no pattern of ours.
      "**/locales/**",
    ],
    languageOptions: { parser: tsParser, parserOptions: { jsDocParsingMode: "none" } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { regexp },
    rules: {
      // A match tried again from every position of a long run: quadratic (`/a+b/` on "aaaa…").
      "regexp/no-super-linear-move": "error",
      // Two quantifiers that can trade the same characters: polynomial or exponential backtracking.
      "regexp/no-super-linear-backtracking": "error",
    },
  },
];
