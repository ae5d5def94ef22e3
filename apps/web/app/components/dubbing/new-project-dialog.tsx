import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { LocalizedText, UploadView } from "@voxwork/contract";
import { dubbingProjectCreateCall } from "@voxwork/contract/client";
import { MAX_DUBBING_LANGUAGES, type DubbingEdition } from "@voxwork/contract/dubbing";
import { LoaderCircleIcon } from "lucide-react";
import { toast } from "sonner";
import { localizePath, useLocale, usePlural, useT, type MessageKey } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { editorPath } from "../../lib/dubbing/editor-paths";
import { pairAvailability, subtitleFileProblem, SUBTITLE_FILE_EXTENSIONS } from "../../lib/translation/translation-choices";
import { formatDate, formatDuration } from "../history/history-format";
import { LanguageSelect } from "../tool-shared/language-select";
import { NativeSelect } from "../tool-shared/native-select";
import { UploadedSource } from "../tool-shared/uploaded-source";
import { Button } from "../ui/button";
import { DialogActions } from "../ui/dialog";
import { DubbingDialog, useDialogAction } from "./dubbing-dialog";
import { Input, Label } from "../ui/input";
import { COMMON_LANGUAGES, languageName } from "../voices/voice-labels";
import type { DubbingOptions } from "./use-dubbing-options";
import { uploadInFlight } from "../upload/upload-dropzone";
import { readSubtitleFile as decodePickedFile } from "../../lib/subtitles/read-subtitle-file";
import { SubtitleFileNotes } from "../tool-shared/subtitle-file-notes";

type TextSource = "auto" | "speech" | "subtitles" | "subtitle-file" | "none";
/** What a target language's chip says: translated offline, by a remote engine, not translatable here (typed by hand), or taken over from the video translation. */
const TARGET_STATE: Record<"offline" | "remote" | "file" | "unavailable" | "translation", MessageKey> = {
  offline: "videoTranslation.languages.offline",
  remote: "videoTranslation.languages.remote",
  file: "videoTranslation.languages.fromFile",
  unavailable: "dubbing.create.typedByHand",
  translation: "dubbing.create.fromTheTranslation",
};
const TEXT_SOURCES: Array<[TextSource, MessageKey]> = [
  ["auto", "dubbing.create.textAuto"],
  ["speech", "dubbing.create.textSpeech"],
  ["subtitles", "dubbing.create.textSubtitles"],
  ["subtitle-file", "dubbing.create.textFile"],
  ["none", "dubbing.create.textNone"],
];

/**
 * "New project": a video or audio file (the shared upload) or a finished video translation; the
 * spoken language, the language(s) to dub into (studio one, pro up to the plan's limit), where the
 * words come from and how many people speak. Creating opens the editor.
 */
export function NewProjectDialog({ open, onOpenChange, edition, options }: { open: boolean; onOpenChange: (open: boolean) => void; edition: DubbingEdition; options: DubbingOptions | null }) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const api = useApiClient();
  const navigate = useNavigate();
  const id = useId();
  const [from, setFrom] = useState<"upload" | "video-translation">("upload");
  const [upload, setUpload] = useState<UploadView | null>(null);
  const [translationId, setTranslationId] = useState("");
  const [title, setTitle] = useState("");
  const [sourceLanguage, setSourceLanguage] = useState("en");
  const [targets, setTargets] = useState<string[]>([]);
  const [textSource, setTextSource] = useState<TextSource>("auto");
  const [subtitleFile, setSubtitleFile] = useState<{ name: string; text: string; encoding: string; warnings: LocalizedText[] } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [speakers, setSpeakers] = useState<number | null>(null);
  // A picked subtitle file is read (its decoder loaded on first use) before Create can be pressed:
  // pressed during the read, Create said "choose a subtitle file" although one was chosen.
  const [readingFile, setReadingFile] = useState(false);
  const fileReads = useRef(0);
  const { busy: submitting, run } = useDialogAction();

  const maxTargets = edition === "pro" ? (options?.maxLanguages.pro ?? MAX_DUBBING_LANGUAGES) : 1;
  const sources = useMemo(() => {
    const found = new Set<string>([...(options?.recognizers.flatMap((engine) => engine.languages) ?? []), ...(options?.textReaders.flatMap((engine) => engine.languages) ?? [])]);
    return found.size ? [...found].sort() : [...COMMON_LANGUAGES];
  }, [options]);
  const targetChoices = useMemo(() => (options?.voiceLanguages.length ? options.voiceLanguages : [...COMMON_LANGUAGES]).filter((tag) => tag !== sourceLanguage), [options, sourceLanguage]);
  const translations = useMemo(() => options?.translations ?? [], [options]);
  const chosenTranslation = translations.find((translation) => translation.jobId === translationId);
  // From a video translation: the newest one is chosen to start with (an empty picker made "Create" do nothing, issue 31).
  useEffect(() => {
    if (from === "video-translation" && !chosenTranslation && translations[0]) setTranslationId(translations[0].jobId);
  }, [from, chosenTranslation, translations]);
  // Its languages come with it (ticked, fixed); further ones are added to the project, untranslated.
  const fixedTargets = from === "video-translation" ? (chosenTranslation?.targetLanguages ?? []) : [];
  const projectSource = from === "video-translation" ? (chosenTranslation?.sourceLanguage ?? sourceLanguage) : sourceLanguage;
  const shownTargets = [...fixedTargets, ...targets.filter((tag) => !fixedTargets.includes(tag))];
  const targetTags = useMemo(() => [...new Set([...fixedTargets, ...targetChoices])].filter((tag) => tag !== projectSource), [fixedTargets, targetChoices, projectSource]);

  // The same offers (and matching) the video translator refuses a pair by; the server says it again when the project is made.
  // Unknown (no mark) until the options arrive: "type the translation" on every language while loading would be untrue.
  const availability = (tag: string) => (options ? pairAvailability(options.translators, projectSource, tag).kind : null);
  const untranslatable = options ? shownTargets.filter((target) => !fixedTargets.includes(target) && availability(target) === "unavailable") : [];

  function toggleTarget(tag: string, on: boolean) {
    if (fixedTargets.includes(tag)) return;
    const room = maxTargets - fixedTargets.length;
    setTargets((current) => (edition === "studio" ? (on ? [tag] : []) : on ? [...current.filter((language) => !fixedTargets.includes(language)), tag].slice(0, room) : current.filter((language) => language !== tag)));
  }

  async function readSubtitleFile(file: File | undefined) {
    if (!file) return;
    const readNumber = ++fileReads.current;
    setReadingFile(true);
    const read = await decodePickedFile(file).catch(() => null);
    // A file picked again while this one was read: the later pick decides.
    if (readNumber !== fileReads.current) return;
    setReadingFile(false);
    const text = read?.text ?? "";
    const problem = subtitleFileProblem(file.name, text);
    if (problem || !read) {
      setSubtitleFile(null);
      setFileProblem(t(problem === "type" ? "videoTranslation.textSource.fileType" : problem === "empty" ? "videoTranslation.textSource.fileEmpty" : "videoTranslation.textSource.fileTooLarge"));
      return;
    }
    setFileProblem(null);
    setSubtitleFile({ name: file.name, text, encoding: read.encoding, warnings: "warnings" in read.parsed ? read.parsed.warnings : [] });
  }

  async function create() {
    if (submitting) return;
    if (from === "upload" && !upload) return toast.error(t(uploadInFlight() ? "toolShared.common.uploadStillRunning" : "dubbing.create.needMedia"));
    if (from === "video-translation" && !chosenTranslation) return toast.error(t("dubbing.create.needTranslation"));
    // From a translation: its languages and every further one ticked (none is dropped; the server refuses more than the edition allows).
    const targetLanguages = from === "video-translation" ? shownTargets : targets;
    if (!targetLanguages.length) return toast.error(t("dubbing.create.needTarget"));
    if (from === "upload" && textSource === "subtitle-file" && !subtitleFile) return toast.error(t("dubbing.create.needFile"));
    await run(async () => {
      const created = await api.call(dubbingProjectCreateCall, {
        edition,
        ...(title.trim() ? { title: title.trim().slice(0, 120) } : upload && from === "upload" ? { title: upload.name.slice(0, 120) } : chosenTranslation?.title ? { title: chosenTranslation.title.slice(0, 120) } : {}),
        from:
          from === "upload"
            ? { kind: "upload", uploadId: upload!.id, sourceLanguage, textSource, ...(textSource === "subtitle-file" && subtitleFile ? { subtitleFile: { name: subtitleFile.name, text: subtitleFile.text } } : {}), ...(speakers ? { speakers } : {}) }
            : { kind: "video-translation", jobId: chosenTranslation!.jobId },
        targetLanguages,
      });
      toast.success(t("dubbing.create.created"));
      for (const notice of created.notices) toast.warning(notice[locale]);
      onOpenChange(false);
      void navigate(localizePath(editorPath(edition, created.projectId), locale));
    });
  }

  return (
    <DubbingDialog open={open} onOpenChange={onOpenChange} title={t("dubbing.create.title")} description={t("dubbing.create.description")} closeLabel={t("dubbing.list.cancel")} className="max-w-2xl" data-testid="dubbing-new-project-dialog">
      <div className="flex gap-1 rounded-lg bg-surface-muted p-1" role="radiogroup" aria-label={t("dubbing.create.title")}>
        {(["upload", "video-translation"] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            role="radio"
            aria-checked={from === kind}
            onClick={() => setFrom(kind)}
            className="flex-1 rounded-md px-3 py-1.5 text-sm font-medium aria-checked:bg-surface aria-checked:shadow-sm"
            data-testid={`dubbing-from-${kind}`}
          >
            {t(kind === "upload" ? "dubbing.create.fromUpload" : "dubbing.create.fromTranslation")}
          </button>
        ))}
      </div>

      {from === "upload" ? (
        <div className="grid gap-4">
          <UploadedSource
            upload={upload}
            accept="video/*,audio/*"
            onChange={setUpload}
            limit={options ? t("dubbing.create.limit", { minutes: options.maxMediaMinutes }) : null}
            replaceLabel={t("dubbing.create.replace")}
            dropzoneTestId="dubbing-dropzone"
            readyTestId="dubbing-upload-ready"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-source`}>{t("dubbing.create.sourceLanguage")}</Label>
              <LanguageSelect id={`${id}-source`} value={sourceLanguage} onValueChange={setSourceLanguage} languages={sources} data-testid="dubbing-source-language" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-speakers`}>{t("dubbing.create.speakers")}</Label>
              <NativeSelect id={`${id}-speakers`} value={speakers ?? ""} onChange={(event) => setSpeakers(event.target.value ? Number(event.target.value) : null)} data-testid="dubbing-speakers">
                <option value="">{t("dubbing.create.speakersUnknown")}</option>
                {[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">{t("dubbing.create.textSource")}</legend>
            {TEXT_SOURCES.map(([value, label]) => (
              <label key={value} className="flex items-start gap-2 text-sm">
                <input type="radio" name={`${id}-text`} value={value} checked={textSource === value} onChange={() => setTextSource(value)} className="mt-0.5 size-4 accent-[var(--vx-primary)]" data-testid={`dubbing-text-${value}`} />
                {t(label)}
              </label>
            ))}
            {textSource === "subtitle-file" ? (
              <div className="grid gap-1 pl-6">
                <Label htmlFor={`${id}-file`}>{t("dubbing.create.subtitleFile")}</Label>
                <input id={`${id}-file`} type="file" accept={SUBTITLE_FILE_EXTENSIONS.join(",")} onChange={(event) => void readSubtitleFile(event.target.files?.[0])} className="text-sm" data-testid="dubbing-subtitle-file" />
                {subtitleFile ? <span className="text-xs text-muted-foreground">{tp("dubbing.create.subtitleFileChosen", subtitleFile.text.length, { name: subtitleFile.name })}</span> : null}
                {subtitleFile ? <SubtitleFileNotes encoding={subtitleFile.encoding} warnings={subtitleFile.warnings} /> : null}
                {fileProblem ? (
                  <span role="alert" className="text-xs text-destructive">
                    {fileProblem}
                  </span>
                ) : null}
              </div>
            ) : null}
          </fieldset>
        </div>
      ) : translations.length ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-translation`}>{t("dubbing.create.translation")}</Label>
          <NativeSelect id={`${id}-translation`} value={translationId} onChange={(event) => setTranslationId(event.target.value)} data-testid="dubbing-translation">
            {chosenTranslation ? null : <option value="">{t("dubbing.create.needTranslation")}</option>}
            {translations.map((translation) => (
              <option key={translation.jobId} value={translation.jobId}>
                {`${translation.title ?? t("dubbing.create.untitled")} — ${t("dubbing.create.translationFacts", {
                  languages: `${languageName(translation.sourceLanguage, locale)} → ${translation.targetLanguages.map((tag) => languageName(tag, locale)).join(", ")}`,
                  duration: formatDuration(translation.durationSeconds),
                  date: formatDate(translation.finishedAt, locale),
                })}`}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("dubbing.create.noTranslations")}</p>
      )}

      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">{edition === "pro" ? t("dubbing.create.targetLanguages", { max: maxTargets }) : t("dubbing.create.targetLanguage")}</legend>
        {/* Each language says whether it can be translated here, as the video translator's chips do. */}
        <p className="text-xs text-muted-foreground">{t(from === "video-translation" ? "dubbing.create.targetsHintTranslation" : "dubbing.create.targetsHint")}</p>
        <div className="flex flex-wrap gap-2" data-testid="dubbing-targets">
          {targetTags.map((tag) => {
            const fixed = fixedTargets.includes(tag);
            const checked = shownTargets.includes(tag);
            const kind = fixed ? "translation" : availability(tag);
            const full = edition === "studio" ? fixedTargets.length > 0 : shownTargets.length >= maxTargets;
            return (
              <label
                key={tag}
                className="flex items-center gap-1.5 rounded-full border border-border px-3 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:disabled]:opacity-70"
                data-availability={kind ?? undefined}
                data-testid={`dubbing-target-chip-${tag}`}
              >
                <input
                  type={edition === "pro" ? "checkbox" : "radio"}
                  name={`${id}-target`}
                  checked={checked}
                  disabled={fixed || (!checked && full)}
                  onChange={(event) => toggleTarget(tag, event.target.checked)}
                  className="size-3.5 accent-[var(--vx-primary)]"
                  data-testid={`dubbing-target-${tag}`}
                />
                <span>{languageName(tag, locale)}</span>
                {kind ? (
                  <>
                    <span className="sr-only">, </span>
                    <span className="text-xs text-muted-foreground">{t(TARGET_STATE[kind])}</span>
                  </>
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-title`}>{t("dubbing.create.titleLabel")}</Label>
        <Input id={`${id}-title`} value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} data-testid="dubbing-title" />
      </div>
      {from === "video-translation" && translations.length && !chosenTranslation ? (
        <p role="alert" className="text-sm text-destructive" data-testid="dubbing-need-translation">
          {t("dubbing.create.needTranslation")}
        </p>
      ) : null}
      {untranslatable.length ? (
        <p role="status" className="rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm" data-testid="dubbing-no-translator">
          {t("dubbing.create.noTranslator", {
            source: languageName(projectSource, locale),
            targets: untranslatable.map((tag) => languageName(tag, locale)).join(locale === "zh" ? "、" : ", "),
          })}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">{t("dubbing.create.free")}</p>
      <DialogActions cancelLabel={t("dubbing.list.cancel")}>
        <Button type="button" onClick={() => void create()} disabled={submitting || readingFile} data-testid="dubbing-create">
          {submitting || readingFile ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {submitting ? t("dubbing.create.creating") : readingFile ? t("dubbing.create.readingFile") : t("dubbing.create.create")}
        </Button>
      </DialogActions>
    </DubbingDialog>
  );
}
