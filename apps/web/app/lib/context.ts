import type { PublicConfig } from "@khayl/config/env";
import type { ApiClient } from "@khayl/contract/client";

/**
 * What the host passes to every loader and action (React Router `AppLoadContext`):
 * the contract-typed API client (in-process or `API_URL`), the public configuration
 * whitelist, a server logger, and the CSP nonce of this render (decision 019; written on
 * every inline script by `entry.server.tsx`).
 */
export interface WebContext {
  api: ApiClient;
  /** This site's own API (in-process), when `api` points at a provider (`API_URL`): e-mail alerts (decision 028). */
  ownApi?: ApiClient;
  config: PublicConfig;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  nonce: string;
  /**
   * The folder whose files the site serves at its root (the web build's `client`, or
   * `apps/web/public` in development): the content's images are read there for their size
   * (`imageSizesIn`). None: their sizes are not looked up.
   */
  staticDir?: string;
  /**
   * Set by the host only to render its "too many requests" page (decision 022): the root
   * loader answers 429 and the error screen says so, in the page's language.
   */
  tooManyRequests?: boolean;
}

declare module "react-router" {
  interface AppLoadContext extends WebContext {}
}
