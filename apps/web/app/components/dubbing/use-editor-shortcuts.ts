import { useEffect, useRef, type RefObject } from "react";
import type { DubbingProject } from "@voxwork/contract";
import type { DubPlayer } from "../../lib/dubbing/dub-player";
import type { EditQueue } from "../../lib/dubbing/edit-queue";
import { neighbourSegment } from "../../lib/dubbing/editor-state";
import { arrowStepMs, shuttleRate } from "../../lib/dubbing/timeline-math";

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * The dubbing editor's keyboard: undo and redo, play and pause, J K L shuttle, arrows to step the
 * playhead or move to the neighbouring segment, delete, split and merge. Not while typing in a
 * field or while a dialog is open.
 */
export function useEditorShortcuts({
  queue,
  player,
  selection,
  setSelection,
  setDialog,
  actionsRef,
  seek,
  getPlayhead,
  mediaKind,
  undo,
  redo,
}: {
  queue: EditQueue;
  player: RefObject<DubPlayer | null>;
  selection: ReadonlySet<string>;
  setSelection: (selection: ReadonlySet<string>) => void;
  setDialog: (dialog: "delete") => void;
  /** The editor's actions as of its last render. */
  actionsRef: RefObject<{ split: () => void; merge: () => void }>;
  seek: (ms: number) => void;
  getPlayhead: () => number;
  mediaKind: DubbingProject["mediaKind"];
  undo: () => void;
  redo: () => void;
}) {
  const shuttle = useRef(0);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || document.querySelector("[role=dialog],[role=alertdialog]")) return;
      const key = event.key.toLowerCase();
      const mod = event.ctrlKey || event.metaKey;
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (mod && key === "z") return run(() => (event.shiftKey ? redo() : undo()));
      if (mod && key === "y") return run(() => redo());
      if (mod || event.altKey) return;
      const instance = player.current;
      const current = queue.getSnapshot().doc;
      switch (key) {
        case " ":
          return run(() => instance?.toggle());
        case "j":
        case "k":
        case "l":
          return run(() => {
            shuttle.current = shuttleRate(shuttle.current, key);
            instance?.shuttle(shuttle.current);
          });
        case "arrowleft":
        case "arrowright":
          return run(() => seek(getPlayhead() + (key === "arrowleft" ? -1 : 1) * arrowStepMs(mediaKind, event.shiftKey)));
        case "arrowup":
        case "arrowdown":
          return run(() => {
            const next = neighbourSegment(current, selectionRef.current.size === 1 ? [...selectionRef.current][0]! : null, key === "arrowup" ? -1 : 1, getPlayhead());
            if (!next) return;
            setSelection(new Set([next.id]));
            seek(next.startMs);
          });
        case "delete":
        case "backspace":
          return run(() => selectionRef.current.size && setDialog("delete"));
        case "s":
          return run(() => actionsRef.current.split());
        case "m":
          return run(() => actionsRef.current.merge());
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [queue, seek, getPlayhead, mediaKind, undo, redo]);
}
