import { useEffect, useRef, useState } from "react";
import type { UploadView } from "@voxwork/contract";
import { CircleIcon, SquareIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useLocale, useT } from "../../i18n/index";
import { usePublicConfig } from "../../lib/public-config";
import { elapsedSeconds, formatClock, levelFromSamples, pickRecordingMimeType, recordingFileName, recordingLength, RECORDING_MAX_SECONDS, RECORDING_MIN_SECONDS } from "../../lib/speech/recording";
import { encodeWav, mixToMono } from "../../lib/speech/wav-encoder";
import { UploadError, uploadFile } from "../../lib/upload/upload-client";
import { readUserInfo } from "../../lib/user-info";
import { Button } from "../ui/button";
import { Progress } from "../ui/progress";

type State =
  | { kind: "idle" }
  | { kind: "recording" }
  | { kind: "recorded"; blob: Blob; url: string; seconds: number; mimeType: string }
  | { kind: "uploading"; blob: Blob; url: string; seconds: number; mimeType: string; percent: number }
  | { kind: "error"; message: string };

/** Sample rate of uploaded recordings: plenty for speech, half the size of 48 kHz. */
const UPLOAD_SAMPLE_RATE = 24_000;

/** The take as a mono WAV file (MediaRecorder's WebM has no duration the server can read); the original when the browser cannot decode it. */
async function recordingFile(blob: Blob, mimeType: string): Promise<File> {
  const date = new Date();
  try {
    const decoded = await new OfflineAudioContext(1, 1, UPLOAD_SAMPLE_RATE).decodeAudioData(await blob.arrayBuffer());
    const channels = Array.from({ length: decoded.numberOfChannels }, (_, index) => decoded.getChannelData(index));
    return new File([encodeWav(mixToMono(channels), decoded.sampleRate)], recordingFileName("audio/wav", date), { type: "audio/wav" });
  } catch (error) {
    console.warn("recording kept in its own format", error);
    return new File([blob], recordingFileName(mimeType, date), { type: mimeType });
  }
}

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  context: AudioContext;
  frame: number;
  startedAt: number;
}

/**
 * Records from the microphone (MediaRecorder) with a timer and a level meter, stops by itself at
 * 3 minutes, lets the user listen back, discard, or upload the take (→ an upload id).
 */
export function AudioRecorder({ onUploaded, minSeconds = RECORDING_MIN_SECONDS, maxSeconds = RECORDING_MAX_SECONDS }: { onUploaded: (upload: UploadView) => void; minSeconds?: number; maxSeconds?: number }) {
  const t = useT();
  const locale = useLocale();
  const config = usePublicConfig();
  const [state, setState] = useState<State>({ kind: "idle" });
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const session = useRef<Session | null>(null);

  const release = () => {
    const current = session.current;
    if (!current) return;
    cancelAnimationFrame(current.frame);
    for (const track of current.stream.getTracks()) track.stop();
    void current.context.close().catch(() => undefined);
    session.current = null;
  };

  useEffect(
    () => () => {
      if (session.current?.recorder.state === "recording") session.current.recorder.stop();
      release();
    },
    [],
  );
  useEffect(() => {
    const url = state.kind === "recorded" || state.kind === "uploading" ? state.url : null;
    return () => {
      if (url && state.kind === "recorded") URL.revokeObjectURL(url);
    };
  }, [state]);

  async function start() {
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) return setState({ kind: "error", message: t("toolShared.recorder.unsupported") });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: false, autoGainControl: true } });
    } catch {
      return setState({ kind: "error", message: t("toolShared.recorder.permissionDenied") });
    }
    const mimeType = pickRecordingMimeType((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
    recorder.onstop = () => {
      const seconds = session.current ? elapsedSeconds({ startedAt: session.current.startedAt, pausedMs: 0, pausedAt: null }, performance.now(), maxSeconds) : 0;
      release();
      const type = recorder.mimeType || mimeType || "audio/webm";
      const blob = new Blob(chunks, { type });
      setLevel(0);
      setState({ kind: "recorded", blob, url: URL.createObjectURL(blob), seconds, mimeType: type });
    };
    const current: Session = { recorder, stream, context, frame: 0, startedAt: performance.now() };
    session.current = current;
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      setLevel(levelFromSamples(samples));
      const seconds = elapsedSeconds({ startedAt: current.startedAt, pausedMs: 0, pausedAt: null }, performance.now(), maxSeconds);
      setElapsed(seconds);
      if (recordingLength(seconds, minSeconds, maxSeconds) === "at-limit") {
        if (recorder.state === "recording") recorder.stop();
        return;
      }
      current.frame = requestAnimationFrame(tick);
    };
    recorder.start(1000);
    setElapsed(0);
    setState({ kind: "recording" });
    current.frame = requestAnimationFrame(tick);
  }

  function stop() {
    if (session.current?.recorder.state === "recording") session.current.recorder.stop();
  }

  async function upload() {
    if (state.kind !== "recorded") return;
    const token = readUserInfo(document.cookie)?.token;
    if (!token) return;
    const take = state;
    setState({ ...take, kind: "uploading", percent: 0 });
    try {
      const file = await recordingFile(take.blob, take.mimeType);
      const uploaded = await uploadFile(file, { baseUrl: config.apiBaseUrl, token, locale, onProgress: (progress) => setState({ ...take, kind: "uploading", percent: progress.percent }) });
      onUploaded(uploaded);
      setState(take);
    } catch (error) {
      setState({ kind: "error", message: error instanceof UploadError ? error.message : String(error) });
    }
  }

  const length = recordingLength(state.kind === "recording" ? elapsed : state.kind === "recorded" || state.kind === "uploading" ? state.seconds : 0, minSeconds, maxSeconds);

  return (
    <div className="grid gap-3 rounded-lg border border-border p-4" data-slot="audio-recorder" data-state={state.kind}>
      <p className="text-xs text-muted-foreground">{t("toolShared.recorder.hint")}</p>
      {state.kind === "recording" ? (
        <div className="grid gap-2">
          <div className="flex items-center gap-3">
            <span className="size-2.5 animate-pulse rounded-full bg-destructive" aria-hidden="true" />
            <span className="font-mono text-lg tabular-nums" role="timer" aria-live="off">
              {t("toolShared.recorder.timer", { elapsed: formatClock(elapsed), max: formatClock(maxSeconds) })}
            </span>
          </div>
          <Progress value={Math.round(level * 100)} aria-label={t("toolShared.recorder.level")} className="h-2" />
          {length === "too-short" ? <p className="text-xs text-muted-foreground">{t("toolShared.recorder.tooShort", { min: minSeconds })}</p> : null}
          <div>
            <Button type="button" variant="destructive" onClick={stop}>
              <SquareIcon aria-hidden="true" />
              {t("toolShared.recorder.stop")}
            </Button>
          </div>
        </div>
      ) : state.kind === "recorded" || state.kind === "uploading" ? (
        <div className="grid gap-2">
          <p className="text-sm">{t("toolShared.recorder.recorded", { duration: formatClock(state.seconds) })}</p>
          <audio controls src={state.url} className="w-full" aria-label={t("toolShared.recorder.recorded", { duration: formatClock(state.seconds) })} />
          {state.seconds >= maxSeconds ? <p className="text-xs text-muted-foreground">{t("toolShared.recorder.atLimit")}</p> : null}
          {length === "too-short" ? (
            <p role="alert" className="text-xs text-destructive">
              {t("toolShared.recorder.tooShort", { min: minSeconds })}
            </p>
          ) : null}
          {state.kind === "uploading" ? (
            <div className="grid gap-1">
              <span className="text-xs text-muted-foreground">{t("toolShared.recorder.uploading", { percent: Math.round(state.percent) })}</span>
              <Progress value={state.percent} aria-label={t("toolShared.recorder.uploading", { percent: Math.round(state.percent) })} />
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => void upload()} disabled={length === "too-short"}>
                <UploadIcon aria-hidden="true" />
                {t("toolShared.recorder.use")}
              </Button>
              <Button type="button" variant="outline" onClick={() => setState({ kind: "idle" })}>
                <Trash2Icon aria-hidden="true" />
                {t("toolShared.recorder.discard")}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <div className="grid gap-2">
          {state.kind === "error" ? (
            <p role="alert" className="text-sm text-destructive">
              {state.message}
            </p>
          ) : null}
          <div>
            <Button type="button" onClick={() => void start()} data-testid="record-start">
              <CircleIcon className="fill-current text-destructive" aria-hidden="true" />
              {t("toolShared.recorder.start")}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
