/** A Lingui catalogue imported in a test or a loader: compiled by Lingui's Vite plugin (decision 016). */
declare module "*.po" {
  export const messages: import("@lingui/core").Messages;
}
