import { useEffect, useId, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { useSearchParams } from "react-router";
import { bestTier, planByVipLevel, type SpeechQualityTier, type VoiceView } from "@voxwork/contract";
import { ttsCreateCall, ttsDetectLanguageCall, ttsPreviewCall, voiceGetCall, voiceListCall } from "@voxwork/contract/client";
import { BookAIcon, LanguagesIcon, LoaderCircleIcon, PauseCircleIcon, SparklesIcon } from "lucide-react";
import { toast } from "sonner";
import { useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { isSignedIn, useCurrentUser } from "../../lib/current-user";
import { assignSpeakerVoices, estimateTts, formatSemitones, formatSpeed, insertAtSelection, unassignedSpeakers } from "../../lib/speech/speech-editor";
import { announceJob } from "../history/use-job-history";
import { Button } from "../ui/button";
import { Label, Textarea } from "../ui/input";
import { Slider } from "../ui/slider";
import { JobStatus } from "../tool-shared/job-status";
import { LanguageSelect } from "../tool-shared/language-select";
import { NativeSelect } from "../tool-shared/native-select";
import { PronunciationDialog } from "./pronunciation-dialog";
import { SelectedVoice } from "../voices/selected-voice";
import { SpeechResult } from "../tool-shared/speech-result";
import { isJobEnded, useFollowedJob } from "../tool-shared/use-followed-job";
import { distinctLanguages, languageName } from "../voices/voice-labels";
import { VoicePickerDialog } from "../voices/voice-picker-dialog";
import { cn } from "../../lib/utils";
import { ToolColumns, ToolPage, ToolSettings } from "../tool-shared/tool-page";
import { CardTitle } from "../ui/card";

const PAUSES = ["0.5s", "1s", "2s", "3s"] as const;

type Detection = { language: string | null; confidence: number; suggested: VoiceView | null };
type PickerTarget = { kind: "main" } | { kind: "speaker"; speaker: string };

/** What the script box holds; a longer paste is cut, and the user is told how much (the plan's own limit is lower or equal). */
const MAX_SCRIPT_CHARACTERS = 60_000;

/**
 * `/workbench/text-to-speech`: script editor with the billable-character count and a live points
 * estimate (the server's own parser and price table), voice and speaker voices from the library,
 * language detection, speed/pitch/volume, pauses, pronunciation dictionary; Generate (Ctrl/Cmd+Enter)
 * starts the job, the first sentence plays at once, then the result has a waveform and downloads.
 */
export function TextToSpeechPage() {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const user = useCurrentUser();
  const signedIn = isSignedIn(user);
  const id = useId();
  const [params] = useSearchParams();
  const requestedVoice = params.get("voice");
  const section = useRef<HTMLElement>(null);
  const editor = useRef<HTMLTextAreaElement>(null);

  const [text, setText] = useState("");
  const [voice, setVoice] = useState<VoiceView | null>(null);
  const [voiceMissing, setVoiceMissing] = useState(false);
  const [knownVoices, setKnownVoices] = useState<Record<string, VoiceView>>({});
  const [dialogue, setDialogue] = useState(false);
  const [speakerChoices, setSpeakerChoices] = useState<Record<string, string>>({});
  const [language, setLanguage] = useState("");
  const [speed, setSpeed] = useState(1);
  const [pitch, setPitch] = useState(0);
  const [volume, setVolume] = useState(1);
  const [format, setFormat] = useState<"mp3" | "wav">("mp3");
  const [pause, setPause] = useState<(typeof PAUSES)[number]>("1s");
  const [picker, setPicker] = useState<PickerTarget | null>(null);
  const [dictionaryOpen, setDictionaryOpen] = useState(false);
  const [detecting, setDetecting] = useState(false);
  const [detection, setDetection] = useState<Detection | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const resultPanel = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<{ audio: string; text: string } | null>(null);
  const [pasteCut, setPasteCut] = useState<{ kept: number; cut: number } | null>(null);
  const previewAudio = useRef<HTMLAudioElement | null>(null);
  const { job, connection } = useFollowedJob(jobId);

  const remember = (voices: VoiceView[]) => setKnownVoices((current) => ({ ...current, ...Object.fromEntries(voices.map((item) => [item.key, item])) }));
  const chooseVoice = (next: VoiceView) => {
    remember([next]);
    setVoice(next);
    setVoiceMissing(false);
    if (language && !next.languages.includes(language) && next.language !== language) setLanguage("");
  };

  // The voice of `?voice=`, else a library voice in the page language.
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    if (requestedVoice) {
      api.call(voiceGetCall, { voiceKey: requestedVoice }).then(
        (found) => live && chooseVoice(found),
        () => live && setVoiceMissing(true),
      );
    } else {
      // The library lists the best voices first; the default is the best one at the base price
      // (premium voices cost three times as much: the user picks them on purpose).
      const pick = async () => {
        const inLanguage = await api.call(voiceListCall, { tab: "all", language: locale, pageSize: 20 });
        const page = inLanguage.list.length ? inLanguage : await api.call(voiceListCall, { tab: "all", pageSize: 20 });
        const first = page.list.find((item) => item.qualityTier !== "premium") ?? page.list[0];
        if (!live || !first) return;
        remember([first]);
        setVoice((current) => current ?? first);
      };
      pick().catch(() => undefined);
    }
    return () => {
      live = false;
    };
    // chooseVoice only sets state.
  }, [api, signedIn, requestedVoice, locale]);

  const maxCharacters = (user.comboDetail ?? planByVipLevel(user.vipLevel).comboDetail).maxTtsCharacters;
  const speakerAssignment = useMemo(() => {
    const speakers = dialogue ? estimateTts(text, { dialogue, tier: "basic", maxCharacters }).speakers : [];
    return assignSpeakerVoices(speakers, speakerChoices, voice?.key ?? "");
  }, [dialogue, text, speakerChoices, voice, maxCharacters]);
  const tier = useMemo<SpeechQualityTier>(() => {
    const tiers = [voice?.qualityTier ?? "basic", ...Object.values(speakerAssignment).map((key) => knownVoices[key]?.qualityTier ?? "basic")];
    return bestTier(tiers);
  }, [voice, speakerAssignment, knownVoices]);
  const estimate = useMemo(() => estimateTts(text, { dialogue, tier, maxCharacters }), [text, dialogue, tier, maxCharacters]);
  const running = submitting || (jobId !== null && !isJobEnded(job));
  // Nothing to speak (empty, spaces, or only pause marks): Generate waits, and says what it needs.
  const blank = estimate.billableCharacters === 0;
  const numbers = new Intl.NumberFormat(locale === "zh" ? "zh-CN" : "en-US");

  useEffect(() => () => previewAudio.current?.pause(), []);

  function insertPause() {
    const area = editor.current;
    const result = insertAtSelection(text, area?.selectionStart ?? text.length, area?.selectionEnd ?? text.length, `[pause ${pause}]`);
    setText(result.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(result.caret, result.caret);
    });
  }

  async function detect() {
    if (!text.trim()) return toast.error(t("textToSpeech.emptyText"));
    setDetecting(true);
    try {
      const answer = await api.call(ttsDetectLanguageCall, { text });
      let suggested: VoiceView | null = null;
      if (answer.suggestedVoiceKey && answer.suggestedVoiceKey !== voice?.key) {
        suggested = await api.call(voiceGetCall, { voiceKey: answer.suggestedVoiceKey }).catch(() => null);
      }
      setDetection({ language: answer.language, confidence: answer.confidence, suggested });
    } catch {
      // Shown by the client wrapper.
    } finally {
      setDetecting(false);
    }
  }

  function useSuggested() {
    if (!detection?.suggested) return;
    chooseVoice(detection.suggested);
    if (detection.language) setLanguage(detection.language);
    setDetection({ ...detection, suggested: null });
  }

  async function generate() {
    if (running) return;
    if (estimate.billableCharacters === 0) return toast.error(t("textToSpeech.emptyText"));
    if (!voice) return toast.error(t("voices.voice.chooseVoiceFirst"));
    if (estimate.overLimit) return toast.error(t("textToSpeech.overLimit", { limit: maxCharacters }));
    const missing = dialogue ? unassignedSpeakers(estimate.speakers, speakerAssignment) : [];
    if (missing.length) return toast.error(t("textToSpeech.speakerVoice", { speaker: missing[0]! }));
    const options = {
      voiceKey: voice.key,
      dialogue,
      ...(dialogue && estimate.speakers.length ? { speakers: speakerAssignment } : {}),
      ...(language ? { language } : {}),
      speed,
      pitchSemitones: pitch,
      volume,
    };
    setSubmitting(true);
    setPreview(null);
    previewAudio.current?.pause();
    try {
      const created = await api.call(ttsCreateCall, { text, ...options, format, title: text.replace(/\s+/g, " ").trim().slice(0, 60) });
      setJobId(created.jobId);
      // Keyboard and screen-reader users land on the result, which now shows the job's progress.
      requestAnimationFrame(() => resultPanel.current?.focus());
      announceJob(created.jobId);
      toast.success(t("textToSpeech.started", { characters: created.billableCharacters, cost: created.cost }));
      // The first sentence at once, while the job runs (free).
      api.call(ttsPreviewCall, { text, ...options }).then(
        (first) => {
          setPreview({ audio: first.audio, text: first.text });
          const player = new Audio(first.audio);
          previewAudio.current = player;
          player.play().catch(() => undefined);
        },
        () => undefined,
      );
    } catch {
      // The client wrapper showed the catalogue message (points, plan limit, language…).
    } finally {
      setSubmitting(false);
    }
  }

  // A paste longer than the script box holds is cut here, not silently by the browser, and the user is told how much.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = event.clipboardData.getData("text/plain");
    const area = event.currentTarget;
    const before = text.slice(0, area.selectionStart);
    const after = text.slice(area.selectionEnd);
    const room = Math.max(0, MAX_SCRIPT_CHARACTERS - before.length - after.length);
    if (pasted.length <= room) {
      setPasteCut(null);
      return;
    }
    event.preventDefault();
    let kept = pasted.slice(0, room);
    if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1); // never half a surrogate pair
    setText(before + kept + after);
    setPasteCut({ kept: kept.length, cut: pasted.length - kept.length });
    const caret = before.length + kept.length;
    requestAnimationFrame(() => area.setSelectionRange(caret, caret));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
    if (!(event.target instanceof Node) || !section.current?.contains(event.target)) return;
    event.preventDefault();
    void generate();
  };

  // One entry per language as people name it (a Mandarin voice speaks `zh`, `cmn` and `zh-cmn`: one "Chinese").
  const languageOptions = distinctLanguages([...(language ? [language] : []), ...(voice ? [voice.language, ...voice.languages] : []), ...(detection?.language ? [detection.language] : [])], locale);
  const pickerSelected = picker?.kind === "speaker" ? speakerAssignment[picker.speaker] : voice?.key;

  return (
    <ToolPage ref={section} onKeyDown={onKeyDown} title={t("textToSpeech.title")} lead={t("textToSpeech.lead")} history={["text-to-speech"]}>
      <ToolColumns aside="narrow">
        <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-3">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <Label htmlFor={`${id}-script`}>{t("textToSpeech.scriptLabel")}</Label>
            <div className="flex flex-wrap items-center gap-2">
              <NativeSelect aria-label={t("textToSpeech.pauseLength")} value={pause} onChange={(event) => setPause(event.target.value as (typeof PAUSES)[number])} className="h-8 w-20">
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
              <Button type="button" variant="outline" size="sm" onClick={() => setDictionaryOpen(true)}>
                <BookAIcon aria-hidden="true" />
                {t("textToSpeech.pronunciations")}
              </Button>
            </div>
          </div>
          <Textarea
            ref={editor}
            id={`${id}-script`}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (!event.target.value) setPasteCut(null);
            }}
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
          {signedIn && user.accountLoaded && estimate.cost > user.availablePoint ? (
            <p role="alert" className="text-sm text-destructive">
              {t("toolShared.common.notEnoughPoints", { cost: estimate.cost, available: user.availablePoint })}
            </p>
          ) : null}

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
            <div ref={resultPanel} tabIndex={-1} className="grid gap-3 rounded-2xl border border-border bg-surface p-4" aria-live="polite" aria-labelledby="tts-result-title" role="region" data-testid="tts-result-panel">
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
            </div>
          ) : null}
        </div>

        <ToolSettings>
          <div className="grid gap-2">
            <span className="text-sm font-medium">{t("textToSpeech.voiceLabel")}</span>
            <SelectedVoice voice={voice} onChoose={() => setPicker({ kind: "main" })} />
            {voiceMissing ? <p className="text-xs text-destructive">{t("textToSpeech.voiceNotFound")}</p> : null}
          </div>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-language`}>{t("textToSpeech.languageLabel")}</Label>
            <div className="flex flex-wrap gap-2">
              <LanguageSelect id={`${id}-language`} value={language} onValueChange={setLanguage} languages={languageOptions} className="min-w-40 flex-1">
                <option value="">{t("textToSpeech.languageAuto")}</option>
              </LanguageSelect>
              <Button type="button" variant="outline" size="sm" className="h-9" onClick={() => void detect()} disabled={detecting} data-testid="tts-detect">
                {detecting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <LanguagesIcon aria-hidden="true" />}
                {detecting ? t("textToSpeech.detecting") : t("textToSpeech.detect")}
              </Button>
            </div>
            {detection ? (
              <div className="grid gap-2 text-xs" aria-live="polite" data-testid="tts-detection">
                <p className="text-muted-foreground">
                  {detection.language
                    ? t("textToSpeech.detected", { language: languageName(detection.language, locale), confidence: Math.round(detection.confidence * 100) })
                    : t("textToSpeech.detectedUnknown")}
                </p>
                {detection.suggested ? (
                  <Button type="button" size="sm" variant="secondary" onClick={useSuggested} data-testid="tts-use-suggested">
                    {t("textToSpeech.useSuggested", { name: detection.suggested.name })}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>

          <SliderField id={`${id}-speed`} label={t("textToSpeech.speed")} value={speed} display={formatSpeed(speed)} min={0.5} max={2} step={0.05} onChange={setSpeed} />
          <SliderField
            id={`${id}-pitch`}
            label={t("textToSpeech.pitch")}
            value={pitch}
            display={t("textToSpeech.pitchValue", { value: formatSemitones(pitch) })}
            min={-12}
            max={12}
            step={1}
            onChange={setPitch}
          />
          <SliderField id={`${id}-volume`} label={t("textToSpeech.volume")} value={volume} display={`${Math.round(volume * 100)}%`} min={0} max={2} step={0.05} onChange={setVolume} />

          <div className="grid gap-2">
            <Label htmlFor={`${id}-format`}>{t("textToSpeech.format")}</Label>
            <NativeSelect id={`${id}-format`} value={format} onChange={(event) => setFormat(event.target.value as "mp3" | "wav")} data-testid="tts-format">
              <option value="mp3">MP3</option>
              <option value="wav">WAV</option>
            </NativeSelect>
          </div>

          <div className="grid gap-2">
            <label className="flex items-center justify-between gap-3 text-sm font-medium">
              {t("textToSpeech.dialogueMode")}
              <input
                type="checkbox"
                role="switch"
                checked={dialogue}
                onChange={(event) => setDialogue(event.target.checked)}
                className="size-4 accent-[var(--vx-primary)]"
                data-testid="tts-dialogue"
              />
            </label>
            <p className="text-xs text-muted-foreground">{t("textToSpeech.dialogueHint")}</p>
            {dialogue ? (
              <div className="grid gap-2" data-testid="tts-speakers">
                <span className="text-sm font-medium">{t("textToSpeech.speakersTitle")}</span>
                {estimate.speakers.length === 0 ? (
                  <p className="text-xs text-muted-foreground">{t("textToSpeech.noSpeakers")}</p>
                ) : (
                  estimate.speakers.map((speaker) => {
                    const assigned = knownVoices[speakerAssignment[speaker] ?? ""];
                    return (
                      <div key={speaker} className="flex items-center gap-2 text-sm">
                        <span className="w-24 shrink-0 truncate font-medium">{speaker}</span>
                        <span className="min-w-0 flex-1 truncate text-muted-foreground">{assigned?.name ?? speakerAssignment[speaker] ?? "—"}</span>
                        <Button type="button" size="xs" variant="outline" onClick={() => setPicker({ kind: "speaker", speaker })} aria-label={t("textToSpeech.speakerVoice", { speaker })}>
                          {t("voices.voice.changeVoice")}
                        </Button>
                      </div>
                    );
                  })
                )}
              </div>
            ) : null}
          </div>
        </ToolSettings>
      </ToolColumns>

      <VoicePickerDialog
        open={picker !== null}
        onOpenChange={(open) => !open && setPicker(null)}
        selectedKey={pickerSelected}
        onSelect={(chosen) => {
          if (picker?.kind === "speaker") {
            remember([chosen]);
            setSpeakerChoices((current) => ({ ...current, [picker.speaker]: chosen.key }));
          } else chooseVoice(chosen);
        }}
      />
      <PronunciationDialog open={dictionaryOpen} onOpenChange={setDictionaryOpen} language={language || voice?.language || locale} />
    </ToolPage>
  );
}

function SliderField({ id, label, value, display, min, max, step, onChange }: { id: string; label: string; value: number; display: string; min: number; max: number; step: number; onChange: (value: number) => void }) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between text-sm">
        <span id={id} className="font-medium">
          {label}
        </span>
        <span className="text-muted-foreground tabular-nums">{display}</span>
      </div>
      <Slider value={[value]} min={min} max={max} step={step} onValueChange={([next]) => next !== undefined && onChange(Math.round(next * 100) / 100)} thumbLabel={label} />
    </div>
  );
}
