import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { speechToSpeechCost, type UploadView, type VoiceView } from "@voxwork/contract";
import { speechToSpeechCreateCall, voiceGetCall, voiceListCall } from "@voxwork/contract/client";
import { WandSparklesIcon } from "lucide-react";
import { toast } from "sonner";
import { formatClock } from "../../lib/speech/recording";
import { Label } from "../ui/input";
import { AudioSource } from "../tool-shared/audio-source";
import { NativeSelect } from "../tool-shared/native-select";
import { SelectedVoice } from "../voices/selected-voice";
import { speechFiles } from "../tool-shared/speech-result";
import { useToolPage } from "../tool-shared/use-tool-page";
import { useToolRun } from "../tool-shared/use-tool-run";
import { RunButton } from "../tool-shared/run-button";
import { VoicePickerDialog } from "../voices/voice-picker-dialog";
import { WaveformPlayer } from "../tool-shared/waveform-player";
import { ToolColumns, ToolPage, ToolRunCard, ToolSettings } from "../tool-shared/tool-page";
import { Card, CardTitle } from "../ui/card";
import { NotEnoughPoints } from "../tool-shared/not-enough-points";
import { DownloadButton } from "../tool-shared/download-button";

/**
 * `/workbench/speech-to-speech`: a recording (upload or microphone) spoken again in a library or
 * cloned voice, keeping its timing; cost from the recording's length; before/after waveforms.
 */
export function SpeechToSpeechPage() {
  const { t, api, signedIn, id } = useToolPage();
  const [params] = useSearchParams();
  const requestedVoice = params.get("voice");

  const [upload, setUpload] = useState<UploadView | null>(null);
  const [voice, setVoice] = useState<VoiceView | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [denoise, setDenoise] = useState(false);
  const [keepBackground, setKeepBackground] = useState(false);
  const [format, setFormat] = useState<"mp3" | "wav">("mp3");
  const [before, setBefore] = useState<UploadView | null>(null);
  const [hasClones, setHasClones] = useState(false);
  const run = useToolRun();
  const { job, running } = run;

  // `?voice=` preselects; the picker opens on "my voices" when there are cloned ones.
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    if (requestedVoice) api.call(voiceGetCall, { voiceKey: requestedVoice }).then((found) => live && setVoice(found), () => undefined);
    api.call(voiceListCall, { tab: "mine", pageSize: 1 }).then((page) => live && setHasClones(page.total > 0), () => undefined);
    return () => {
      live = false;
    };
  }, [api, signedIn, requestedVoice]);

  const duration = upload?.durationSeconds ?? null;
  const cost = duration != null ? speechToSpeechCost(duration, voice?.qualityTier ?? "basic") : null;

  async function convert() {
    if (running) return;
    if (!upload) return toast.error(t("speechToSpeech.needSource"));
    if (!voice) return toast.error(t("voices.voice.chooseVoiceFirst"));
    const created = await run.start(() => api.call(speechToSpeechCreateCall, { uploadId: upload.id, voiceKey: voice.key, denoise, keepBackground, format, title: upload.name.slice(0, 120) }));
    if (!created) return;
    setBefore(upload);
    toast.success(t("speechToSpeech.started", { cost: created.cost }));
  }

  const result = job?.status === "completed" ? speechFiles(job).audio : undefined;

  return (
    <ToolPage title={t("speechToSpeech.title")} lead={t("speechToSpeech.lead")} history={["speech-to-speech"]}>
      <ToolColumns>
        <Card>
          <CardTitle>{t("speechToSpeech.sourceTitle")}</CardTitle>
          <AudioSource upload={upload} onChange={setUpload} minSeconds={1} />
          {upload ? <WaveformPlayer url={upload.url} name={upload.name} height={56} /> : null}
        </Card>

        <ToolSettings>
          <div className="grid gap-2">
            <CardTitle>{t("speechToSpeech.targetTitle")}</CardTitle>
            <SelectedVoice voice={voice} onChoose={() => setPickerOpen(true)} />
          </div>
          <div className="grid gap-3">
            <CardTitle>{t("speechToSpeech.optionsTitle")}</CardTitle>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={denoise} onChange={(event) => setDenoise(event.target.checked)} className="size-4 accent-[var(--vx-primary)]" />
              {t("speechToSpeech.denoise")}
            </label>
            <label className="grid gap-0.5 text-sm">
              <span className="flex items-center gap-2">
                <input type="checkbox" checked={keepBackground} onChange={(event) => setKeepBackground(event.target.checked)} className="size-4 accent-[var(--vx-primary)]" />
                {t("speechToSpeech.keepBackground")}
              </span>
              <span className="pl-6 text-xs text-muted-foreground">{t("speechToSpeech.keepBackgroundHint")}</span>
            </label>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-format`}>{t("speechToSpeech.format")}</Label>
              <NativeSelect id={`${id}-format`} value={format} onChange={(event) => setFormat(event.target.value as "mp3" | "wav")}>
                <option value="mp3">MP3</option>
                <option value="wav">WAV</option>
              </NativeSelect>
            </div>
          </div>
          <p className="text-sm font-medium tabular-nums" data-testid="sts-estimate">
            {cost != null && duration != null ? t("speechToSpeech.estimate", { cost, duration: formatClock(duration) }) : t("speechToSpeech.estimateUnknown")}
          </p>
          <NotEnoughPoints cost={cost} />
          <RunButton running={running} icon={WandSparklesIcon} label={t("speechToSpeech.convert")} runningLabel={t("speechToSpeech.converting")} onClick={() => void convert()} disabled={running || !upload || !voice} data-testid="sts-convert" />
        </ToolSettings>
      </ToolColumns>

      <ToolRunCard run={run} runningLabel={t("speechToSpeech.converting")}>
        {result && before ? (
          <div className="grid gap-4" data-testid="sts-result">
            <div className="grid gap-4 desktop:grid-cols-2">
              <div className="grid gap-2">
                <h3 className="text-sm font-medium">{t("speechToSpeech.before")}</h3>
                <WaveformPlayer url={before.url} name={before.name} />
              </div>
              <div className="grid gap-2">
                <h3 className="text-sm font-medium">{t("speechToSpeech.after")}</h3>
                <WaveformPlayer url={result.url} name={result.name} />
              </div>
            </div>
            <div>
              <DownloadButton href={result.downloadUrl} data-testid="download-audio">
                {t("speechToSpeech.downloadResult")}
              </DownloadButton>
            </div>
          </div>
        ) : null}
      </ToolRunCard>

      <VoicePickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        selectedKey={voice?.key}
        onSelect={setVoice}
        initialSearch={{ tab: hasClones ? "mine" : "all", query: "", filters: {} }}
      />
    </ToolPage>
  );
}
