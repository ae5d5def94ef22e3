import { useEffect, useRef, useState } from "react";

/** What a dialog loaded: null while it loads, `{ failed }` with the catalogue message when the call failed. */
export type DialogLoad<T> = T | null | { failed: string };

/**
 * Loads what a dialog shows (a quote, a version list) each time it opens and each time its
 * request changes by value: a parent's re-render that hands over an equal request in a new array
 * (the editor's selection after an autosave) keeps what is shown instead of flashing "working out
 * the cost…" again. An answer that arrives after the request changed or the dialog closed is dropped.
 */
export function useDialogLoad<T>(open: boolean, request: unknown, load: () => Promise<T>): DialogLoad<T> {
  const [loaded, setLoaded] = useState<DialogLoad<T>>(null);
  const latest = useRef(load);
  latest.current = load;
  const key = JSON.stringify(request);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoaded(null);
    latest.current().then(
      (answer) => live && setLoaded(answer),
      (error: unknown) => live && setLoaded({ failed: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [open, key]);
  return loaded;
}

export const isLoaded = <T extends object>(load: DialogLoad<T>): load is T => load !== null && !("failed" in load);
