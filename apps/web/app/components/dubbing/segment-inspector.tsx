import { useEffect, useId, useRef, useState } from "react";
import { overrunFixFields, SEGMENT_SPEED, SEGMENT_VOLUME, segmentFit, segmentState, segmentTimesProblem, type DubbingCharacter, type DubbingSegment, type DubbingSegmentFields, type SegmentOverrun } from "@voxwork/contract/dubbing";
import { MicIcon } from "lucide-react";
import { useLocale, usePlural, useT, type MessageKey } from "../../i18n";
import { NativeSelect } from "../tool-shared/native-select";
import { Button } from "../ui/button";
import { Label, Textarea } from "../ui/input";
import { languageName } from "../voices/voice-labels";
import { CustomTimeInput } from "./custom-time-input";
import { OverrunFixes } from "./overruns-panel";

const TIME_PROBLEMS: Record<NonNullable<ReturnType<typeof segmentTimesProblem>>, MessageKey> = {
  order: "dubbing.inspector.timeOrder",
  "too-short": "dubbing.inspector.timeTooShort",
  "too-long": "dubbing.inspector.timeTooLong",
  outside: "dubbing.inspector.timeOutside",
};

export const STATE_BADGE: Record<string, string> = {
  untranslated: "bg-surface-muted text-muted-foreground",
  translated: "bg-primary-soft text-primary-soft-foreground",
  changed: "bg-accent/20 text-foreground",
  spoken: "bg-primary text-primary-foreground",
  recorded: "bg-primary text-primary-foreground",
};

/**
 * The selected segment: original text and translation (saved when the field is left), character,
 * speed and volume, start and end as typed timecodes, its state and whether its take fits; a take
 * that runs past the end gets its fixes here (speed up, use the pause, shorten the translation).
 */
export function SegmentInspector({
  segment,
  number,
  selectedCount,
  characters,
  language,
  durationMs,
  overrun,
  onFields,
  onRecord,
}: {
  segment: DubbingSegment | null;
  number: number;
  selectedCount: number;
  characters: readonly DubbingCharacter[];
  language: string;
  durationMs: number;
  /** The segment's overrun in this language, if its take runs past its end. */
  overrun?: SegmentOverrun | undefined;
  onFields: (fields: DubbingSegmentFields) => void;
  onRecord: () => void;
}) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const id = useId();
  const translationField = useRef<HTMLTextAreaElement>(null);
  // From the segment at once (the editor remounts the inspector per segment): no frame shows the one selected before.
  const [source, setSource] = useState(segment?.sourceText ?? "");
  const [translation, setTranslation] = useState(segment?.translations[language] ?? "");
  const [timeProblem, setTimeProblem] = useState<string | null>(null);
  useEffect(() => {
    setSource(segment?.sourceText ?? "");
    setTranslation(segment?.translations[language] ?? "");
    setTimeProblem(null);
  }, [segment?.id, segment?.sourceText, segment?.translations, language]);

  if (selectedCount > 1) return <p className="text-sm text-muted-foreground" data-testid="inspector-multiple">{tp("dubbing.inspector.multiple", selectedCount)}</p>;
  if (!segment) return <p className="text-sm text-muted-foreground" data-testid="inspector-empty">{t("dubbing.inspector.none")}</p>;

  const state = segmentState(segment, characters, language);
  const fit = segmentFit(segment, language);
  const take = segment.takes[language];
  const withHours = durationMs >= 3_600_000;
  const setTimes = (startMs: number, endMs: number) => {
    const problem = segmentTimesProblem(startMs, endMs, durationMs);
    if (problem) return setTimeProblem(t(TIME_PROBLEMS[problem]));
    setTimeProblem(null);
    onFields({ startMs, endMs });
  };

  return (
    <div className="grid gap-3" data-testid="segment-inspector" data-segment-id={segment.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{t("dubbing.inspector.number", { number })}</h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_BADGE[state]}`} data-testid="segment-state" data-state={state}>
          {t(`dubbing.state.${state}`)}
        </span>
        <span className={fit.fits ? "text-xs text-muted-foreground" : "text-xs font-medium text-destructive"} data-testid="segment-fit" data-fits={fit.fits}>
          {fit.playedMs === null ? t("dubbing.inspector.noTake") : fit.fits ? t("dubbing.inspector.fits") : t("dubbing.inspector.overruns", { seconds: (fit.overrunMs / 1000).toFixed(1) })}
        </span>
      </div>
      {overrun ? (
        <OverrunFixes
          overrun={overrun}
          withHours={withHours}
          onSpeed={() => {
            const fields = overrunFixFields(segment, overrun, "speed", language);
            if (fields) onFields(fields);
          }}
          onBorrow={() => {
            const fields = overrunFixFields(segment, overrun, "borrow", language);
            if (fields) onFields(fields);
          }}
          onShorten={() => {
            translationField.current?.focus();
            translationField.current?.select();
          }}
        />
      ) : null}
      <div className="grid gap-1">
        <Label htmlFor={`${id}-source`}>{t("dubbing.inspector.source")}</Label>
        <Textarea id={`${id}-source`} className="min-h-16" value={source} maxLength={1000} onChange={(event) => setSource(event.target.value)} onBlur={() => source !== segment.sourceText && onFields({ sourceText: source })} data-testid="segment-source" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-translation`}>{t("dubbing.inspector.translation", { language: languageName(language, locale) })}</Label>
        <Textarea
          ref={translationField}
          id={`${id}-translation`}
          className="min-h-16"
          value={translation}
          maxLength={1000}
          onChange={(event) => setTranslation(event.target.value)}
          onBlur={() => translation !== (segment.translations[language] ?? "") && onFields({ translations: { [language]: translation } })}
          data-testid="segment-translation"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <CustomTimeInput label={t("dubbing.inspector.start")} valueMs={segment.startMs} withHours={withHours} onCommit={(ms) => setTimes(ms, segment.endMs)} invalidText={t("dubbing.inspector.invalidTime")} hint={t("dubbing.inspector.timeHint")} problem={timeProblem} testId="segment-start" />
        <CustomTimeInput label={t("dubbing.inspector.end")} valueMs={segment.endMs} withHours={withHours} onCommit={(ms) => setTimes(segment.startMs, ms)} invalidText={t("dubbing.inspector.invalidTime")} hint={t("dubbing.inspector.timeHint")} testId="segment-end" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-character`}>{t("dubbing.inspector.character")}</Label>
        <NativeSelect id={`${id}-character`} value={segment.characterId} onChange={(event) => onFields({ characterId: event.target.value })} data-testid="segment-character">
          {characters.map((character) => (
            <option key={character.id} value={character.id}>
              {character.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <RangeField label={t("dubbing.inspector.speed")} value={segment.speed} min={SEGMENT_SPEED.min} max={SEGMENT_SPEED.max} step={0.05} onCommit={(speed) => onFields({ speed })} format={(value) => `${value.toFixed(2)}×`} testId="segment-speed" />
        <RangeField label={t("dubbing.inspector.volume")} value={segment.volume} min={SEGMENT_VOLUME.min} max={SEGMENT_VOLUME.max} step={0.05} onCommit={(volume) => onFields({ volume })} format={(value) => `${Math.round(value * 100)}%`} testId="segment-volume" />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {take ? (
          <>
            <span className="text-xs text-muted-foreground">{t("dubbing.inspector.take", { seconds: (take.durationMs / 1000).toFixed(1), kind: t(take.kind === "recorded" ? "dubbing.inspector.recorded" : "dubbing.inspector.synthesized") })}</span>
            <audio controls preload="none" src={take.url} className="h-8 max-w-full" aria-label={t("dubbing.inspector.listen")} />
          </>
        ) : null}
        <Button type="button" variant="outline" size="sm" onClick={onRecord} data-testid="segment-record">
          <MicIcon aria-hidden="true" />
          {t("dubbing.editor.record")}
        </Button>
      </div>
    </div>
  );
}

/** A slider committed when released (one edit, not one per step). */
function RangeField({ label, value, min, max, step, onCommit, format, testId }: { label: string; value: number; min: number; max: number; step: number; onCommit: (value: number) => void; format: (value: number) => string; testId: string }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => draft !== value && onCommit(Math.round(draft * 100) / 100);
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="flex justify-between">
        {label}
        <span className="font-normal text-muted-foreground tabular-nums">{format(draft)}</span>
      </Label>
      <input id={id} type="range" min={min} max={max} step={step} value={draft} onChange={(event) => setDraft(Number(event.target.value))} onPointerUp={commit} onKeyUp={commit} onBlur={commit} className="accent-[var(--vx-primary)]" data-testid={testId} />
    </div>
  );
}
