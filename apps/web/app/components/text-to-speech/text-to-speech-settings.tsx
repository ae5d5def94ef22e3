import { useId, type Dispatch } from "react";
import { LanguagesIcon, LoaderCircleIcon } from "lucide-react";
import { useLocale, useT } from "../../i18n";
import { formatSemitones, formatSpeed } from "../../lib/speech/speech-editor";
import { LanguageSelect } from "../tool-shared/language-select";
import { NativeSelect } from "../tool-shared/native-select";
import { ToolSettings } from "../tool-shared/tool-page";
import { Button } from "../ui/button";
import { Label } from "../ui/input";
import { Slider } from "../ui/slider";
import { distinctLanguages, languageName } from "../voices/voice-labels";
import { SelectedVoice } from "../voices/selected-voice";
import type { AudioFormat, TtsDerived, TtsFormAction, TtsFormState } from "./text-to-speech-form";

/**
 * The settings column of text to speech: the voice, the language (with detection and its
 * suggested voice), speed, pitch, volume, the file format and dialogue mode with each speaker's voice.
 */
export function TextToSpeechSettings({ state, derived, dispatch, onDetect }: { state: TtsFormState; derived: TtsDerived; dispatch: Dispatch<TtsFormAction>; onDetect: () => void }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const { voice, language, detection, dialogue, knownVoices } = state;
  const { estimate, speakerAssignment } = derived;
  const set = (settings: Extract<TtsFormAction, { type: "set" }>["settings"]) => dispatch({ type: "set", settings });
  // One entry per language as people name it (a Mandarin voice speaks `zh`, `cmn` and `zh-cmn`: one "Chinese").
  const languageOptions = distinctLanguages([...(language ? [language] : []), ...(voice ? [voice.language, ...voice.languages] : []), ...(detection?.language ? [detection.language] : [])], locale);

  return (
    <ToolSettings>
      <div className="grid gap-2">
        <span className="text-sm font-medium">{t("textToSpeech.voiceLabel")}</span>
        <SelectedVoice voice={voice} onChoose={() => set({ picker: { kind: "main" } })} />
        {state.voiceMissing ? <p className="text-xs text-destructive">{t("textToSpeech.voiceNotFound")}</p> : null}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-language`}>{t("textToSpeech.languageLabel")}</Label>
        <div className="flex flex-wrap gap-2">
          <LanguageSelect id={`${id}-language`} value={language} onValueChange={(next) => set({ language: next })} languages={languageOptions} className="min-w-40 flex-1">
            <option value="">{t("textToSpeech.languageAuto")}</option>
          </LanguageSelect>
          <Button type="button" variant="outline" size="sm" className="h-9" onClick={onDetect} disabled={state.detecting} data-testid="tts-detect">
            {state.detecting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <LanguagesIcon aria-hidden="true" />}
            {state.detecting ? t("textToSpeech.detecting") : t("textToSpeech.detect")}
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
              <Button type="button" size="sm" variant="secondary" onClick={() => dispatch({ type: "suggestionUsed" })} data-testid="tts-use-suggested">
                {t("textToSpeech.useSuggested", { name: detection.suggested.name })}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <SliderField id={`${id}-speed`} label={t("textToSpeech.speed")} value={state.speed} display={formatSpeed(state.speed)} min={0.5} max={2} step={0.05} onChange={(speed) => set({ speed })} />
      <SliderField
        id={`${id}-pitch`}
        label={t("textToSpeech.pitch")}
        value={state.pitch}
        display={t("textToSpeech.pitchValue", { value: formatSemitones(state.pitch) })}
        min={-12}
        max={12}
        step={1}
        onChange={(pitch) => set({ pitch })}
      />
      <SliderField id={`${id}-volume`} label={t("textToSpeech.volume")} value={state.volume} display={`${Math.round(state.volume * 100)}%`} min={0} max={2} step={0.05} onChange={(volume) => set({ volume })} />

      <div className="grid gap-2">
        <Label htmlFor={`${id}-format`}>{t("textToSpeech.format")}</Label>
        <NativeSelect id={`${id}-format`} value={state.format} onChange={(event) => set({ format: event.target.value as AudioFormat })} data-testid="tts-format">
          <option value="mp3">MP3</option>
          <option value="wav">WAV</option>
        </NativeSelect>
      </div>

      <div className="grid gap-2">
        <label className="flex items-center justify-between gap-3 text-sm font-medium">
          {t("textToSpeech.dialogueMode")}
          <input type="checkbox" role="switch" checked={dialogue} onChange={(event) => set({ dialogue: event.target.checked })} className="size-4 accent-[var(--vx-primary)]" data-testid="tts-dialogue" />
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
                    <Button type="button" size="xs" variant="outline" onClick={() => set({ picker: { kind: "speaker", speaker } })} aria-label={t("textToSpeech.speakerVoice", { speaker })}>
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
