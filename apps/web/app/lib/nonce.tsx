import { createContext, useContext } from "react";

/** The per-request CSP nonce (server only; "" in the browser after hydration). */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
