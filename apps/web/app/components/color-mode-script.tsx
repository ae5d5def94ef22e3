import { useSyncExternalStore } from "react";
import { colorModeScript } from "../lib/color-mode";

const subscribe = () => () => {};

/**
 * An inline <script> rendered in the server HTML and kept while hydrating (so the markup
 * matches), then dropped: it has already run, and if React later re-creates <head> (the root
 * Layout remounts when switching to/from the root ErrorBoundary) a client-created <script> would
 * never execute and React warns about it in development.
 */
export function InlineScript({ id, code }: { id: string; code: string }) {
  const isServerOrHydrating = useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
  if (!isServerOrHydrating) return null;
  return <script id={id} dangerouslySetInnerHTML={{ __html: code }} />;
}

/** Sets the colour-mode class on <html> before first paint (no flash). */
export function ColorModeScript() {
  return <InlineScript id="color-mode" code={colorModeScript} />;
}
