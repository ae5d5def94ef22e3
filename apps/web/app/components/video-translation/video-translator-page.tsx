import { useEffect, useMemo, useRef, useState } from "react";
import { useToolPage } from "../tool-shared/use-tool-page";
import { messageFor, ErrorCode, TOOL_PRICES, type UploadView, type VoiceView } from "@voxwork/contract";
import { MATCH_ORIGINAL_VOICE, videoTranslationCreateCall } from "@voxwork/contract/client";
import { InfoIcon, LanguagesIcon, LoaderCircleIcon } from "lucide-react";
import { toast } from "sonner";
import { useT } from "../../i18n";
import {
  estimatePoints,
  offlineTargetsFrom,
  runsLeft,
  sourceLanguages,
  targetChoices,
  textSourceStates,
  uploadProblem,
  usableTextSource,
  MAX_TARGETS,
  type TextSourceChoice,
} from "../../lib/translation/translation-choices";
import { LanguageSelect } from "../tool-shared/language-select";
import { Button } from "../ui/button";
import { Label } from "../ui/input";
import { ToolColumns, ToolPage } from "../tool-shared/tool-page";
import { Card, CardTitle } from "../ui/card";
import { TargetLanguageChips } from "./target-language-chips";
import { BackgroundField } from "./background-field";
import { PictureSubtitlesField, type PictureSubtitles, type TranslationOutput } from "../tool-shared/picture-subtitles-field";
import { DrawnStyleEditor } from "../tool-shared/drawn-style-editor";
import { subtitleStylesForSave, type StyleRow } from "../tool-shared/drawn-style";
import { TargetVoices, useBestVoices } from "../tool-shared/target-voices";
import { TextSourceField, type SubtitleFile } from "./text-source-field";
import { TranslationRun } from "./translation-run";
import { useTranslationOptions } from "../tool-shared/use-translation-options";
import { VideoSource } from "./video-source";
import { uploadInFlight } from "../upload/upload-dropzone";

/**
 * The video translator's page (`/workbench/video-translator`, and `…-pro` with `mode="pro"`): the
 * video, its language and the languages to dub it into (offline / remote / missing pairs), where
 * the words come from, a voice per language, the estimated points and the month's runs; Start
 * queues the run, which then shows its stages live and its result in place of the form.
 */
export function VideoTranslatorPage({ mode }: { mode: "quick" | "pro" }) {
  const { t, locale, api, user, signedIn, id } = useToolPage();
  const { options, reload } = useTranslationOptions();
  const runPanel = useRef<HTMLDivElement>(null);

  const [upload, setUpload] = useState<UploadView | null>(null);
  const [sourceLanguage, setSourceLanguage] = useState("en");
  const [targets, setTargets] = useState<string[]>([]);
  const [textSource, setTextSource] = useState<TextSourceChoice>("auto");
  const [subtitleFile, setSubtitleFile] = useState<SubtitleFile | null>(null);
  // The subtitle file is already the translation: no engine translates, one language (issue 31's way through a missing pair).
  const [fileIsTranslation, setFileIsTranslation] = useState(false);
  const [burnSubtitles, setBurnSubtitles] = useState(false);
  const [pictureSubtitles, setPictureSubtitles] = useState<PictureSubtitles>("keep");
  const [output, setOutput] = useState<TranslationOutput>("dub");
  const [styles, setStyles] = useState<Record<string, StyleRow>>({});
  const [background, setBackground] = useState("local");
  const [speakers, setSpeakers] = useState<number | null>(null);
  const [matched, setMatched] = useState<ReadonlySet<string>>(new Set());
  const [voices, setVoices] = useState<Record<string, VoiceView>>({});
  const [submitting, setSubmitting] = useState(false);
  const [run, setRun] = useState<{ jobId: string; upload: UploadView } | null>(null);

  const sources = useMemo(() => (options ? sourceLanguages(options) : []), [options]);
  const givenTranslation = textSource === "subtitle-file" && fileIsTranslation;
  const choices = useMemo(() => (options ? targetChoices(options, sourceLanguage, givenTranslation) : []), [options, sourceLanguage, givenTranslation]);
  const states = useMemo(() => (options ? textSourceStates(options, sourceLanguage) : null), [options, sourceLanguage]);
  const best = useBestVoices(targets);

  // A new source language keeps only the targets it can still reach, and a source of text that works for it;
  // a subtitle file given as the translation is one language.
  useEffect(() => {
    setTargets((current) => current.filter((language) => choices.some((choice) => choice.language === language && choice.usable)).slice(0, givenTranslation ? 1 : undefined));
  }, [choices, givenTranslation]);
  useEffect(() => {
    if (states) setTextSource((current) => usableTextSource(states, current));
  }, [states]);

  // Speech as the only source has no picture lines to replace; keeping them draws nothing, so the result is a dub.
  const fromSpeech = textSource === "speech";
  useEffect(() => {
    if (fromSpeech) setPictureSubtitles("keep");
  }, [fromSpeech]);
  useEffect(() => {
    if (pictureSubtitles === "keep") setOutput("dub");
  }, [pictureSubtitles]);
  const subtitlesOnly = output === "subtitles";

  const duration = upload?.durationSeconds ?? null;
  const tiers = targets.map((language) => (voices[language] ?? best[language])?.qualityTier ?? "basic");
  const cost = estimatePoints(duration, targets.length, tiers, output);
  const premium = tiers.includes("premium");
  const left = options ? runsLeft(options) : Number.POSITIVE_INFINITY;
  const problem = upload ? uploadProblem(upload, options?.maxVideoMinutes ?? null) : null;
  const fileMissing = textSource === "subtitle-file" && !subtitleFile;
  const notEnough = signedIn && user.accountLoaded && cost != null && cost > user.availablePoint;
  const ready = Boolean(options && upload && !problem && targets.length > 0 && !fileMissing && left > 0);

  async function start() {
    if (submitting || !options) return;
    if (!upload) return toast.error(t(uploadInFlight() ? "toolShared.common.uploadStillRunning" : "videoTranslation.summary.needVideo"));
    if (!targets.length) return toast.error(t("videoTranslation.languages.noneChosen"));
    if (fileMissing) return toast.error(t("videoTranslation.textSource.needFile"));
    // A style picked for the lines drawn over the picture's own (only then).
    const subtitleStyles = pictureSubtitles !== "keep" ? subtitleStylesForSave(styles, targets) : {};
    if (!subtitleStyles) return toast.error(t("toolShared.drawnStyle.invalid"));
    setSubmitting(true);
    try {
      const chosenVoices = Object.fromEntries(
        targets.flatMap((language) => (matched.has(language) ? [[language, MATCH_ORIGINAL_VOICE]] : voices[language] ? [[language, voices[language]!.key]] : [])),
      );
      const created = await api.call(videoTranslationCreateCall, {
        uploadId: upload.id,
        sourceLanguage,
        targetLanguages: targets,
        textSource,
        ...(textSource === "subtitle-file" && subtitleFile ? { subtitleFile: { name: subtitleFile.name, text: subtitleFile.text } } : {}),
        ...(givenTranslation ? { subtitleFileLanguage: "translation" as const } : {}),
        ...(Object.keys(chosenVoices).length ? { voices: chosenVoices } : {}),
        mode,
        burnSubtitles: burnSubtitles && pictureSubtitles === "keep",
        background,
        ...(pictureSubtitles !== "keep" ? { subtitles: pictureSubtitles } : {}),
        ...(output !== "dub" ? { output } : {}),
        ...(Object.keys(subtitleStyles).length ? { subtitleStyles } : {}),
        ...(speakers ? { speakers } : {}),
        title: upload.name.slice(0, 120),
      });
      setRun({ jobId: created.jobId, upload });
      toast.success(t("videoTranslation.summary.started", { cost: created.cost }));
      reload();
      requestAnimationFrame(() => runPanel.current?.focus());
    } catch {
      // The client wrapper showed the catalogue message (pair not set up, too long, monthly limit…).
    } finally {
      setSubmitting(false);
    }
  }

  function chooseVoice(language: string, voice: VoiceView | null) {
    setVoices((current) => {
      const next = { ...current };
      if (voice) next[language] = voice;
      else delete next[language];
      return next;
    });
  }

  /** Back to the form: after a result with a fresh video; after a failure or cancel with the same one, to try again. */
  function another(finished: boolean) {
    setRun(null);
    if (!finished) return;
    setUpload(null);
    setSubtitleFile(null);
  }

  const targetsLabel = `${id}-targets`;
  return (
    <ToolPage title={t(mode === "pro" ? "videoTranslation.proTitle" : "videoTranslation.title")} lead={t("videoTranslation.lead")} history={["video-translation"]} data-testid="video-translator" data-mode={mode}>
      {mode === "pro" ? <ProNote /> : null}

      {run ? (
        <div ref={runPanel} tabIndex={-1} className="mt-6 outline-none">
          <TranslationRun jobId={run.jobId} original={run.upload}>
            {(job) => (
              <div>
                <Button type="button" variant="outline" onClick={() => another(job.status === "completed")} data-testid="translate-another">
                  {t("videoTranslation.progress.another")}
                </Button>
              </div>
            )}
          </TranslationRun>
        </div>
      ) : (
        <ToolColumns>
          <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-6">
            <Card className="sm:p-5">
              <CardTitle>{t("videoTranslation.video.title")}</CardTitle>
              <VideoSource upload={upload} onChange={setUpload} maxMinutes={options?.maxVideoMinutes ?? null} />
            </Card>
            <Card className="sm:p-5">
              <div className="grid gap-1.5 sm:max-w-xs">
                <Label htmlFor={`${id}-source`}>{t("videoTranslation.languages.source")}</Label>
                <LanguageSelect id={`${id}-source`} value={sourceLanguage} onValueChange={setSourceLanguage} languages={sources} data-testid="source-language" />
              </div>
              <div className="grid gap-2">
                <h2 id={targetsLabel} className="font-semibold">
                  {t("videoTranslation.languages.targets")}
                </h2>
                <p className="text-xs text-muted-foreground">{t("videoTranslation.languages.targetsHint", { max: MAX_TARGETS })}</p>
                <TargetLanguageChips
                  id={targetsLabel}
                  choices={choices}
                  selected={targets}
                  onChange={setTargets}
                  sourceLanguage={sourceLanguage}
                  offlineTargets={options ? offlineTargetsFrom(options, sourceLanguage) : []}
                  single={givenTranslation}
                  mode={mode}
                  onUseTranslationFile={(language) => {
                    setTextSource("subtitle-file");
                    setFileIsTranslation(true);
                    setTargets([language]);
                    requestAnimationFrame(() => document.getElementById(`${id}-text-source`)?.scrollIntoView({ block: "center", behavior: "smooth" }));
                  }}
                />
              </div>
              {states ? (
                <div id={`${id}-text-source`}>
                  <TextSourceField
                    value={textSource}
                    onChange={setTextSource}
                    states={states}
                    sourceLanguage={sourceLanguage}
                    file={subtitleFile}
                    onFileChange={setSubtitleFile}
                    isTranslation={fileIsTranslation}
                    onIsTranslationChange={setFileIsTranslation}
                  />
                </div>
              ) : null}
              {options ? (
                <PictureSubtitlesField
                  subtitles={pictureSubtitles}
                  onSubtitlesChange={setPictureSubtitles}
                  output={output}
                  onOutputChange={setOutput}
                  fromSpeech={fromSpeech}
                  subtitlesPrice={options.subtitlesPricePerMinute}
                />
              ) : null}
              {pictureSubtitles !== "keep" ? <DrawnStyleEditor rows={styles} onChange={setStyles} targets={targets} id={`${id}-style`} /> : null}
              {/* Replacing or adding draws the translation already: the plain burn-in is for a run that keeps the picture's subtitles. */}
              {pictureSubtitles === "keep" ? (
                <label className="grid gap-0.5 text-sm">
                  <span className="flex items-center gap-2 font-semibold">
                    <input type="checkbox" checked={burnSubtitles} onChange={(event) => setBurnSubtitles(event.target.checked)} className="size-4 accent-[var(--vx-primary)]" data-testid="burn-subtitles" />
                    {t("videoTranslation.burnIn.label")}
                  </span>
                  <span className="pl-6 text-xs text-muted-foreground">{t("videoTranslation.burnIn.hint")}</span>
                </label>
              ) : null}
              <div className="grid gap-1.5 sm:max-w-xs">
                <Label htmlFor={`${id}-speakers`}>{t("videoTranslation.speakers.label")}</Label>
                <select
                  id={`${id}-speakers`}
                  value={speakers ?? ""}
                  onChange={(event) => setSpeakers(event.target.value ? Number(event.target.value) : null)}
                  className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                  data-testid="speaker-count"
                >
                  <option value="">{t("videoTranslation.speakers.unknown")}</option>
                  {[1, 2, 3, 4, 5, 6].map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </select>
                <span className="text-xs text-muted-foreground">{t("videoTranslation.speakers.hint")}</span>
              </div>
              {options ? <BackgroundField separators={options.separators} value={background} onChange={setBackground} /> : null}
            </Card>
          </div>

          {/*
            The cost and the Translate button stay in sight on the long form. At 1440 px the side
            column runs the whole height of the form, and the summary card in it sticks between the
            header and the foot of the screen while the form scrolls; at 375 px the column dissolves
            into the page (`contents`) and the summary is a bar pinned to the foot of the screen
            until the form's end, where it sits in its own place.
          */}
          <aside className="grid grid-cols-[minmax(0,1fr)] content-start gap-4 max-desktop:contents" aria-label={t("videoTranslation.summary.title")} data-testid="translation-side-panel">
            <Card className="gap-2 sm:p-5">
              <CardTitle>{t("videoTranslation.voices.title")}</CardTitle>
              {targets.length ? (
                <>
                  <p className="text-xs text-muted-foreground">{t("videoTranslation.voices.hint")}</p>
                  <TargetVoices
                    languages={targets}
                    chosen={voices}
                    best={best}
                    onChange={chooseVoice}
                    matched={matched}
                    onMatchChange={(language, match) =>
                      setMatched((current) => {
                        const next = new Set(current);
                        if (match) next.add(language);
                        else next.delete(language);
                        return next;
                      })
                    }
                  />
                </>
              ) : (
                <p className="text-sm text-muted-foreground">{t("videoTranslation.languages.noneChosen")}</p>
              )}
            </Card>
            <Card className="sticky bottom-0 z-10 gap-3 shadow-[0_-4px_12px_rgb(0_0_0/0.12)] max-desktop:rounded-b-none sm:p-5 desktop:top-20 desktop:bottom-4 desktop:shadow-md" data-testid="translation-summary">
              <div className="grid gap-1.5" data-testid="translation-estimate">
                <CardTitle>{t("videoTranslation.summary.title")}</CardTitle>
                {cost != null && duration != null && options ? (
                  <>
                    <p className="text-lg font-semibold tabular-nums" data-testid="estimate-points" data-points={cost}>
                      {t("videoTranslation.summary.estimate", { points: cost })}
                    </p>
                    <p className="text-xs text-muted-foreground tabular-nums">
                      {subtitlesOnly
                        ? t("videoTranslation.summary.estimateSubtitlesDetail", { minutes: Math.ceil(duration / 60), targets: targets.length, price: options.subtitlesPricePerMinute })
                        : t("videoTranslation.summary.estimateDetail", { minutes: Math.ceil(duration / 60), targets: targets.length, price: options.pricePerMinute })}
                      {premium && !subtitlesOnly ? ` ${t("videoTranslation.summary.estimatePremium")}` : ""}
                    </p>
                    <p className="text-xs text-muted-foreground">{t("videoTranslation.summary.authoritative")}</p>
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">{t("videoTranslation.summary.estimateUnknown")}</p>
                )}
                {premium ? <p className="text-xs text-muted-foreground">{t("videoTranslation.voices.premium")}</p> : null}
                {options ? (
                  <p className="text-sm" data-testid="monthly-runs">
                    {options.monthlyLimit < 0 ? t("videoTranslation.summary.runsUnlimited", { used: options.usedThisMonth }) : t("videoTranslation.summary.runs", { used: options.usedThisMonth, limit: options.monthlyLimit })}
                  </p>
                ) : null}
                {options && left <= 0 ? (
                  <p role="alert" className="text-sm text-destructive">
                    {messageFor(locale, ErrorCode.VIDEO_TRANSLATION_MONTHLY_LIMIT, { limit: options.monthlyLimit })}
                  </p>
                ) : null}
                {notEnough ? (
                  <p role="alert" className="text-sm text-destructive">
                    {t("videoTranslation.summary.notEnoughPoints", { cost, available: user.availablePoint })}
                  </p>
                ) : null}
              </div>
              <Button type="button" size="lg" onClick={() => void start()} disabled={submitting || !ready} data-testid="translation-start">
                {submitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <LanguagesIcon aria-hidden="true" />}
                {submitting ? t("videoTranslation.summary.starting") : t("videoTranslation.summary.start")}
              </Button>
            </Card>
          </aside>
        </ToolColumns>
      )}
    </ToolPage>
  );
}

/** What Pro adds, and that it is not there yet. */
export function ProNote() {
  const t = useT();
  return (
    <div className="mt-4 flex max-w-3xl gap-3 rounded-xl border border-border bg-primary-soft/40 p-3 text-sm" role="note" data-testid="pro-note">
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid gap-0.5">
        <p className="font-medium">{t("videoTranslation.proNoteTitle")}</p>
        <p className="text-muted-foreground">{t("videoTranslation.proNote", { points: TOOL_PRICES.videoTranslationPerLine })}</p>
      </div>
    </div>
  );
}
