import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/**
 * The Content-Security-Policy nonce of a rendered page (decision 024). The server makes one per
 * request (apps/server/src/http/web.plugin.ts), puts it in React Router's request context under
 * this key (re-exported by entry.server.tsx, where the server finds it) and sends the policy that
 * allows it; entry.server hands it to React and to the root layout's inline scripts. "" means no
 * nonce: prerendered pages are static and their inline scripts are allowed by hash instead.
 */
export const cspNonceContext = createContext<string>("");

const NonceContext = createReactContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The nonce for inline scripts in server HTML; undefined in the browser (the scripts are already there). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
