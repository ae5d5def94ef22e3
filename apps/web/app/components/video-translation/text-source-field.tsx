import { useId, useRef, useState } from "react";
import type { LocalizedText } from "@voxwork/contract";
import { FileTextIcon } from "lucide-react";
import { useLocale, useT, type MessageKey } from "../../i18n";
import { cn } from "../../lib/utils";
import {
  SUBTITLE_FILE_EXTENSIONS,
  subtitleFileProblem,
  TEXT_SOURCES,
  type SubtitleFileProblem,
  type TextSourceChoice,
  type TextSourceState,
} from "../../lib/translation/translation-choices";
import { languageName } from "../voices/voice-labels";
import { Button } from "../ui/button";
import { readSubtitleFile } from "../../lib/subtitles/read-subtitle-file";
import { SubtitleFileNotes } from "../tool-shared/subtitle-file-notes";

export interface SubtitleFile {
  name: string;
  text: string;
  /** The encoding the file was read as (`UTF-16LE`, `GB18030`, …). */
  encoding: string;
  /** Cues left out (zero length), in each language. */
  warnings: LocalizedText[];
}

const LABELS: Record<TextSourceChoice, MessageKey> = {
  auto: "videoTranslation.textSource.auto",
  speech: "videoTranslation.textSource.speech",
  subtitles: "videoTranslation.textSource.subtitles",
  "subtitle-file": "videoTranslation.textSource.file",
};

const FILE_PROBLEMS: Record<SubtitleFileProblem | "unreadable", MessageKey> = {
  type: "videoTranslation.textSource.fileType",
  empty: "videoTranslation.textSource.fileEmpty",
  tooLarge: "videoTranslation.textSource.fileTooLarge",
  unreadable: "videoTranslation.textSource.fileUnreadable",
};

/**
 * Where the words come from: automatic, speech, burned-in subtitles or a subtitle file, as native
 * radio buttons (arrow keys move between them). Each says honestly what it does here; a source no
 * engine offers for the video's language is disabled with the reason. A subtitle file is read in
 * the browser and its text sent with the run.
 */
export function TextSourceField({
  value,
  onChange,
  states,
  sourceLanguage,
  file,
  onFileChange,
  isTranslation,
  onIsTranslationChange,
}: {
  value: TextSourceChoice;
  onChange: (value: TextSourceChoice) => void;
  states: Record<TextSourceChoice, TextSourceState>;
  sourceLanguage: string;
  file: SubtitleFile | null;
  onFileChange: (file: SubtitleFile | null) => void;
  /** The file is already in the language to dub into: spoken as written, no translation engine (one language). */
  isTranslation: boolean;
  onIsTranslationChange: (isTranslation: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const name = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<MessageKey | null>(null);

  function hint(choice: TextSourceChoice): string {
    const state = states[choice];
    if (choice === "subtitles" && !state.available) return t("videoTranslation.textSource.subtitlesMissing");
    if (!state.available) return t("videoTranslation.textSource.unavailable", { language: languageName(sourceLanguage, locale) });
    if (choice === "auto") return t("videoTranslation.textSource.autoHint");
    if (choice === "speech") return state.engine?.location === "remote" ? t("videoTranslation.textSource.speechHintRemote", { engine: state.engine.name }) : t("videoTranslation.textSource.speechHintLocal");
    if (choice === "subtitles") return t("videoTranslation.textSource.subtitlesHint");
    return t("videoTranslation.textSource.fileHint");
  }

  async function read(chosen: File | undefined) {
    if (input.current) input.current.value = "";
    if (!chosen) return;
    try {
      const { text, encoding, parsed } = await readSubtitleFile(chosen);
      const found = subtitleFileProblem(chosen.name, text);
      setProblem(found ? FILE_PROBLEMS[found] : null);
      // A file that does not read as subtitles is still sent: the server names the line (error 7007).
      onFileChange(found ? null : { name: chosen.name.slice(0, 255), text, encoding, warnings: "warnings" in parsed ? parsed.warnings : [] });
    } catch {
      setProblem(FILE_PROBLEMS.unreadable);
      onFileChange(null);
    }
  }

  return (
    <fieldset className="grid gap-2" data-testid="text-source">
      <legend className="mb-2 font-semibold">{t("videoTranslation.textSource.title")}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {TEXT_SOURCES.map((choice) => {
          const available = states[choice].available;
          return (
            <label
              key={choice}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-surface p-3 text-sm transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary-soft/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                !available && "cursor-not-allowed opacity-60",
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice}
                checked={value === choice}
                disabled={!available}
                onChange={() => onChange(choice)}
                className="mt-0.5 size-4 shrink-0 accent-[var(--vx-primary)]"
                data-testid={`text-source-${choice}`}
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{t(LABELS[choice])}</span>
                <span className="text-xs text-muted-foreground">{hint(choice)}</span>
              </span>
            </label>
          );
        })}
      </div>
      {value === "subtitle-file" ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-border p-3" data-testid="subtitle-file">
          <input ref={input} type="file" hidden accept={SUBTITLE_FILE_EXTENSIONS.join(",")} onChange={(event) => void read(event.target.files?.[0])} data-testid="subtitle-file-input" />
          <FileTextIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <p className="min-w-0 flex-1 truncate text-sm" data-testid="subtitle-file-name">
            {file ? t("videoTranslation.textSource.fileChosen", { name: file.name, characters: file.text.length.toLocaleString(locale === "zh" ? "zh-CN" : "en-US") }) : t("videoTranslation.textSource.noFile")}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
            {file ? t("videoTranslation.textSource.replaceFile") : t("videoTranslation.textSource.chooseFile")}
          </Button>
          {file ? <SubtitleFileNotes encoding={file.encoding} warnings={file.warnings} className="basis-full" /> : null}
          {problem ? (
            <p role="alert" className="basis-full text-sm text-destructive">
              {t(problem)}
            </p>
          ) : null}
          <label className="grid basis-full gap-0.5 text-sm">
            <span className="flex items-center gap-2 font-medium">
              <input
                type="checkbox"
                checked={isTranslation}
                onChange={(event) => onIsTranslationChange(event.target.checked)}
                className="size-4 shrink-0 accent-[var(--vx-primary)]"
                data-testid="subtitle-file-is-translation"
              />
              {t("videoTranslation.textSource.isTranslation")}
            </span>
            <span className="pl-6 text-xs text-muted-foreground">{t("videoTranslation.textSource.isTranslationHint")}</span>
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}
