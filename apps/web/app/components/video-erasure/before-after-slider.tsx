import { useEffect, useRef, useState } from "react";
import { useT } from "../../i18n";

/**
 * The original and the erased video on top of each other, the erased one shown right of a slider
 * the user moves; both play together (the original's controls drive the erased one).
 */
export function BeforeAfterSlider({ beforeUrl, afterUrl, width, height }: { beforeUrl: string; afterUrl: string; width: number; height: number }) {
  const t = useT();
  const before = useRef<HTMLVideoElement>(null);
  const after = useRef<HTMLVideoElement>(null);
  const [split, setSplit] = useState(50);

  useEffect(() => {
    const leader = before.current;
    const follower = after.current;
    if (!leader || !follower) return;
    const sync = () => {
      if (Math.abs(follower.currentTime - leader.currentTime) > 0.08) follower.currentTime = leader.currentTime;
    };
    const play = () => void follower.play().catch(() => undefined);
    const pause = () => follower.pause();
    leader.addEventListener("timeupdate", sync);
    leader.addEventListener("seeked", sync);
    leader.addEventListener("play", play);
    leader.addEventListener("pause", pause);
    return () => {
      leader.removeEventListener("timeupdate", sync);
      leader.removeEventListener("seeked", sync);
      leader.removeEventListener("play", play);
      leader.removeEventListener("pause", pause);
    };
  }, []);

  return (
    <div className="grid gap-2" data-testid="before-after">
      <div className="relative w-full overflow-hidden rounded-lg bg-black" style={{ aspectRatio: `${width} / ${height}` }}>
        <video ref={before} src={beforeUrl} controls playsInline preload="metadata" className="absolute inset-0 size-full object-contain" aria-label={t("videoErasure.result.before")} />
        <video
          ref={after}
          src={afterUrl}
          muted
          playsInline
          preload="metadata"
          className="pointer-events-none absolute inset-0 size-full object-contain"
          style={{ clipPath: `inset(0 0 0 ${split}%)` }}
          aria-label={t("videoErasure.result.after")}
        />
        <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${split}%` }} />
        <span className="pointer-events-none absolute left-2 top-2 rounded bg-black/60 px-1.5 py-0.5 text-xs text-white">{t("videoErasure.result.before")}</span>
        <span className="pointer-events-none absolute right-2 top-2 rounded bg-black/60 px-1.5 py-0.5 text-xs text-white">{t("videoErasure.result.after")}</span>
      </div>
      <label className="grid gap-1 text-xs text-muted-foreground">
        {t("videoErasure.result.slider")}
        <input type="range" min={0} max={100} value={split} onChange={(event) => setSplit(Number(event.target.value))} className="w-full accent-[var(--vx-primary)]" data-testid="before-after-slider" />
      </label>
    </div>
  );
}
