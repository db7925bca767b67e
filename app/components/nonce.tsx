import { createContext, useContext } from "react";

/** The per-response CSP nonce, provided by entry.server and read by the root layout. */
export const NonceContext = createContext<string>("");

export function useNonce(): string {
  return useContext(NonceContext);
}
