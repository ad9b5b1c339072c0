import { createContext, useContext } from "react";

/** The per-request CSP nonce (server only; "" in the browser after hydration). */
export const NonceContext = createContext("");

/** The CSP nonce of this response, for inline and module scripts (empty string in the browser after hydration). */
export function useNonce(): string {
  return useContext(NonceContext);
}
