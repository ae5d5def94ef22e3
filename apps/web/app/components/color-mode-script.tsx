import { useSyncExternalStore } from "react";
import { colorModeScript } from "../lib/color-mode";

const subscribe = () => () => {};

/**
 * Renders the inline colour-mode <script> in the server HTML and keeps it
 * while hydrating (so the markup matches), then drops it: it has already run,
 * and if React later re-creates <head> (the root Layout remounts when switching
 * to/from the root ErrorBoundary) a client-created <script> would never execute
 * and React warns about it in development.
 */
export function ColorModeScript() {
  const isServerOrHydrating = useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
  if (!isServerOrHydrating) return null;
  return <script dangerouslySetInnerHTML={{ __html: colorModeScript }} />;
}
