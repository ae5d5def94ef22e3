import { useSyncExternalStore } from "react";
import { colorModeScript } from "../lib/color-mode";
import { useNonce } from "../lib/csp-nonce";

const subscribe = () => () => {};

/**
 * An inline <script> rendered in the server HTML and kept while hydrating (so the markup
 * matches), then dropped: it has already run, and if React later re-creates <head> (the root
 * Layout remounts when switching to/from the root ErrorBoundary) a client-created <script> would
 * never execute and React warns about it in development. On a rendered page it carries the
 * request's CSP nonce; on a prerendered page the server allows it by hash (decision 024).
 */
export function InlineScript({ id, code }: { id: string; code: string }) {
  const nonce = useNonce();
  const isServerOrHydrating = useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
  if (!isServerOrHydrating) return null;
  return <script id={id} nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}

/** Sets the colour-mode class on <html> before first paint (no flash). */
export function ColorModeScript() {
  return <InlineScript id="color-mode" code={colorModeScript} />;
}
