import { useEffect, useState } from "react";
import { formatTimecode } from "@voxwork/contract/dubbing";
import { useT } from "../../i18n";

/** The time under the preview, read from the player ten times a second while it plays and on each seek (its own state: the editor does not render for it). */
export function PlayerClock({ getPlayhead, playing, onTimeMoved, durationMs }: { getPlayhead: () => number; playing: boolean; onTimeMoved: (listener: () => void) => () => void; durationMs: number }) {
  const t = useT();
  const [clock, setClock] = useState(0);
  useEffect(() => {
    const read = () => setClock(getPlayhead());
    read();
    const off = onTimeMoved(read);
    const timer = playing ? window.setInterval(read, 100) : null;
    return () => {
      off();
      if (timer !== null) window.clearInterval(timer);
    };
  }, [getPlayhead, playing, onTimeMoved]);
  const hours = durationMs >= 3_600_000;
  return (
    <span className="font-mono text-sm tabular-nums" data-testid="dubbing-clock" data-ms={Math.round(clock)}>
      {t("dubbing.editor.time", { current: formatTimecode(clock, hours), duration: formatTimecode(durationMs, hours) })}
    </span>
  );
}
