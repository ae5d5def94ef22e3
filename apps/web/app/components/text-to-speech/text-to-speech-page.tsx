import { useEffect, useReducer, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { useToolPage } from "../tool-shared/use-tool-page";
import { useSearchParams } from "react-router";
import { planByVipLevel } from "@voxwork/contract";
import { textToSpeechCreateCall, textToSpeechDetectLanguageCall, textToSpeechPreviewCall, voiceGetCall, voiceListCall } from "@voxwork/contract/client";
import { BookAIcon, LoaderCircleIcon, PauseCircleIcon, SparklesIcon } from "lucide-react";
import { toast } from "sonner";
import { insertAtSelection } from "../../lib/speech/speech-editor";
import { cn } from "../../lib/utils";
import { announceJob } from "../history/use-job-history";
import { JobStatus } from "../tool-shared/job-status";
import { NativeSelect } from "../tool-shared/native-select";
import { SpeechResult } from "../tool-shared/speech-result";
import { ToolColumns, ToolPage } from "../tool-shared/tool-page";
import { isJobEnded, useFollowedJob } from "../tool-shared/use-followed-job";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { Label, Textarea } from "../ui/input";
import { VoicePickerDialog } from "../voices/voice-picker-dialog";
import { PronunciationDialog } from "./pronunciation-dialog";
import { deriveTts, fitPaste, initialTtsForm, MAX_SCRIPT_CHARACTERS, PAUSES, ttsFormReducer, ttsRequest, type PauseLength } from "./text-to-speech-form";
import { TextToSpeechSettings } from "./text-to-speech-settings";
import { NotEnoughPoints } from "../tool-shared/not-enough-points";

/**
 * `/workbench/text-to-speech`: script editor with the billable-character count and a live points
 * estimate (the server's own parser and price table), voice and speaker voices from the library,
 * language detection, speed/pitch/volume, pauses, pronunciation dictionary; Generate (Ctrl/Cmd+Enter)
 * starts the job, the first sentence plays at once, then the result has a waveform and downloads.
 * The form is one state and a pure reducer (`text-to-speech-form.ts`); the settings column is
 * `text-to-speech-settings.tsx`.
 */
export function TextToSpeechPage() {
  const { t, locale, api, user, signedIn, id } = useToolPage();
  const [params] = useSearchParams();
  const requestedVoice = params.get("voice");
  const section = useRef<HTMLElement>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  const resultPanel = useRef<HTMLDivElement>(null);
  const previewAudio = useRef<HTMLAudioElement | null>(null);

  const [state, dispatch] = useReducer(ttsFormReducer, initialTtsForm);
  const { text, voice, language, pause, picker, jobId, preview, pasteCut } = state;
  const { job, connection } = useFollowedJob(jobId);

  // The voice of `?voice=`, else a library voice in the page language.
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    if (requestedVoice) {
      api.call(voiceGetCall, { voiceKey: requestedVoice }).then(
        (found) => live && dispatch({ type: "voiceChosen", voice: found }),
        () => live && dispatch({ type: "voiceMissing" }),
      );
    } else {
      // The library lists the best voices first; the default is the best one at the base price
      // (premium voices cost three times as much: the user picks them on purpose).
      const pick = async () => {
        const inLanguage = await api.call(voiceListCall, { tab: "all", language: locale, pageSize: 20 });
        const page = inLanguage.list.length ? inLanguage : await api.call(voiceListCall, { tab: "all", pageSize: 20 });
        const first = page.list.find((item) => item.qualityTier !== "premium") ?? page.list[0];
        if (live && first) dispatch({ type: "defaultVoiceFound", voice: first });
      };
      pick().catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [api, signedIn, requestedVoice, locale]);

  const maxCharacters = (user.comboDetail ?? planByVipLevel(user.vipLevel).comboDetail).maxTtsCharacters;
  const derived = deriveTts(state, maxCharacters);
  const { estimate, speakerAssignment, blank } = derived;
  const running = state.submitting || (jobId !== null && !isJobEnded(job));
  const numbers = new Intl.NumberFormat(locale === "zh" ? "zh-CN" : "en-US");

  useEffect(() => () => previewAudio.current?.pause(), []);

  function insertPause() {
    const area = editor.current;
    const result = insertAtSelection(text, area?.selectionStart ?? text.length, area?.selectionEnd ?? text.length, `[pause ${pause}]`);
    dispatch({ type: "pauseInserted", text: result.text });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(result.caret, result.caret);
    });
  }

  async function detect() {
    if (!text.trim()) return toast.error(t("textToSpeech.emptyText"));
    dispatch({ type: "detecting" });
    try {
      const answer = await api.call(textToSpeechDetectLanguageCall, { text });
      let suggested = null;
      if (answer.suggestedVoiceKey && answer.suggestedVoiceKey !== voice?.key) {
        suggested = await api.call(voiceGetCall, { voiceKey: answer.suggestedVoiceKey }).catch(() => null);
      }
      dispatch({ type: "detected", detection: { language: answer.language, confidence: answer.confidence, suggested } });
    } catch {
      // Shown by the client wrapper.
      dispatch({ type: "detected", detection: null });
    }
  }

  async function generate() {
    if (running) return;
    const request = ttsRequest(state, derived, maxCharacters);
    if ("refusal" in request) return toast.error(t(request.refusal.key, request.refusal.params));
    const { options } = request;
    dispatch({ type: "submitting" });
    previewAudio.current?.pause();
    try {
      const created = await api.call(textToSpeechCreateCall, { text, ...options, format: state.format, title: text.replace(/\s+/g, " ").trim().slice(0, 60) });
      dispatch({ type: "started", jobId: created.jobId });
      // Keyboard and screen-reader users land on the result, which now shows the job's progress.
      requestAnimationFrame(() => resultPanel.current?.focus());
      announceJob(created.jobId);
      toast.success(t("textToSpeech.started", { characters: created.billableCharacters, cost: created.cost }));
      // The first sentence at once, while the job runs (free).
      api.call(textToSpeechPreviewCall, { text, ...options }).then(
        (first) => {
          dispatch({ type: "previewReady", preview: { audio: first.audio, text: first.text } });
          const player = new Audio(first.audio);
          previewAudio.current = player;
          player.play().catch(() => undefined);
        },
        () => undefined,
      );
    } catch {
      // The client wrapper showed the catalogue message (points, plan limit, language…).
    } finally {
      dispatch({ type: "submitted" });
    }
  }

  // A paste longer than the script box holds is cut here, not silently by the browser, and the user is told how much.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const area = event.currentTarget;
    const fitted = fitPaste(text, area.selectionStart, area.selectionEnd, event.clipboardData.getData("text/plain"));
    if (!fitted) {
      if (pasteCut) dispatch({ type: "pasted", text, cut: null });
      return;
    }
    event.preventDefault();
    dispatch({ type: "pasted", text: fitted.text, cut: { kept: fitted.kept, cut: fitted.cut } });
    requestAnimationFrame(() => area.setSelectionRange(fitted.caret, fitted.caret));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
    if (!(event.target instanceof Node) || !section.current?.contains(event.target)) return;
    event.preventDefault();
    void generate();
  };

  const pickerSelected = picker?.kind === "speaker" ? speakerAssignment[picker.speaker] : voice?.key;

  return (
    <ToolPage ref={section} onKeyDown={onKeyDown} title={t("textToSpeech.title")} lead={t("textToSpeech.lead")} history={["text-to-speech"]}>
      <ToolColumns aside="narrow">
        <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-3">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <Label htmlFor={`${id}-script`}>{t("textToSpeech.scriptLabel")}</Label>
            <div className="flex flex-wrap items-center gap-2">
              <NativeSelect aria-label={t("textToSpeech.pauseLength")} value={pause} onChange={(event) => dispatch({ type: "set", settings: { pause: event.target.value as PauseLength } })} className="h-8 w-20">
                {PAUSES.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </NativeSelect>
              <Button type="button" variant="outline" size="sm" onClick={insertPause} data-testid="insert-pause">
                <PauseCircleIcon aria-hidden="true" />
                {t("textToSpeech.insertPause")}
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => dispatch({ type: "set", settings: { dictionaryOpen: true } })}>
                <BookAIcon aria-hidden="true" />
                {t("textToSpeech.pronunciations")}
              </Button>
            </div>
          </div>
          <Textarea
            ref={editor}
            id={`${id}-script`}
            value={text}
            onChange={(event) => dispatch({ type: "typed", text: event.target.value })}
            onPaste={onPaste}
            placeholder={t("textToSpeech.scriptPlaceholder")}
            maxLength={MAX_SCRIPT_CHARACTERS}
            aria-invalid={estimate.overLimit || undefined}
            aria-describedby={`${id}-count`}
            className="min-h-72 resize-y text-base leading-relaxed"
            data-testid="tts-script"
          />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm" id={`${id}-count`}>
            <span className={cn("tabular-nums", estimate.overLimit ? "font-medium text-destructive" : "text-muted-foreground")} data-testid="tts-characters">
              {t("textToSpeech.characters", { count: estimate.billableCharacters, limit: maxCharacters })}
            </span>
            <span className="font-medium tabular-nums" data-testid="tts-estimate">
              {t("textToSpeech.estimate", { cost: estimate.cost })}
            </span>
          </div>
          {pasteCut ? (
            <p role="status" className="rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm" data-testid="tts-paste-cut">
              {t("textToSpeech.pasteCut", { max: numbers.format(MAX_SCRIPT_CHARACTERS), kept: numbers.format(pasteCut.kept), cut: numbers.format(pasteCut.cut) })}
            </p>
          ) : null}
          {estimate.overLimit ? (
            <p role="alert" className="text-sm text-destructive">
              {t("textToSpeech.overLimit", { limit: maxCharacters })}
            </p>
          ) : null}
          <NotEnoughPoints cost={estimate.cost} />

          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              size="lg"
              onClick={() => void generate()}
              disabled={running || blank}
              aria-describedby={blank ? `${id}-empty` : undefined}
              data-testid="tts-generate"
              aria-keyshortcuts="Control+Enter Meta+Enter"
            >
              {running ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SparklesIcon aria-hidden="true" />}
              {running ? t("textToSpeech.generating") : t("textToSpeech.generate")}
            </Button>
            <kbd className="hidden rounded border border-border px-1.5 py-0.5 text-xs text-muted-foreground desktop:inline">{t("textToSpeech.generateShortcut")}</kbd>
            {blank ? (
              <p id={`${id}-empty`} className="text-sm text-muted-foreground" data-testid="tts-empty-hint">
                {t("textToSpeech.emptyHint")}
              </p>
            ) : null}
          </div>

          {jobId ? (
            <Card ref={resultPanel} tabIndex={-1} className="gap-3" aria-live="polite" aria-labelledby="tts-result-title" role="region" data-testid="tts-result-panel">
              <CardTitle id="tts-result-title">{t("textToSpeech.resultTitle")}</CardTitle>
              {preview && !(job?.status === "completed") ? (
                <div className="grid gap-1 text-sm">
                  <p className="text-muted-foreground">{t("textToSpeech.previewing")}</p>
                  <audio controls src={preview.audio} aria-label={t("textToSpeech.previewLabel")} className="w-full" data-testid="tts-preview" />
                </div>
              ) : null}
              <JobStatus job={job} connection={connection} label={t("textToSpeech.generating")} />
              {job?.status === "completed" ? (
                <>
                  <p className="text-sm text-muted-foreground">{t("textToSpeech.resultReady")}</p>
                  <SpeechResult job={job} />
                </>
              ) : null}
            </Card>
          ) : null}
        </div>

        <TextToSpeechSettings state={state} derived={derived} dispatch={dispatch} onDetect={() => void detect()} />
      </ToolColumns>

      <VoicePickerDialog
        open={picker !== null}
        onOpenChange={(open) => !open && dispatch({ type: "set", settings: { picker: null } })}
        selectedKey={pickerSelected}
        onSelect={(chosen) => {
          dispatch(picker?.kind === "speaker" ? { type: "speakerVoiceChosen", speaker: picker.speaker, voice: chosen } : { type: "voiceChosen", voice: chosen });
        }}
      />
      <PronunciationDialog open={state.dictionaryOpen} onOpenChange={(open) => dispatch({ type: "set", settings: { dictionaryOpen: open } })} language={language || voice?.language || locale} />
    </ToolPage>
  );
}
