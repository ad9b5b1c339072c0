/**
 * HTML that went through the server-side sanitiser (`sanitize.server.ts`, architecture §3.10).
 * Only that module creates values of this type, so a component that renders raw HTML
 * can require it and never receive the API's unsanitised text.
 */
export type SafeHtml = string & { readonly __brand: "SafeHtml" };
