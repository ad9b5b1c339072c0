import { createContext, useContext } from "react";

/**
 * The CSP nonce of this render (decision 019): the host draws one per render, names it in
 * the page's `script-src`, and `entry.server.tsx` provides it here so that every inline
 * script the app itself writes carries it. Undefined in the browser (it is never needed
 * after hydration: React does not run scripts it inserts).
 */
export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce of the current server render (`NonceContext`), or undefined in the browser. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
