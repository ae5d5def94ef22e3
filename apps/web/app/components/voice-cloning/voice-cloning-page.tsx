import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useToolPage } from "../tool-shared/use-tool-page";
import { Link } from "react-router";
import { messageFor, planByVipLevel, voiceCloneCost, type RecordingCheck, type UploadView, type VoiceView } from "@voxwork/contract";
import { voiceCloningCheckCall, voiceCloningCreateCall, voiceCloningDeleteCall, voiceCloningRenameCall, voiceGetCall, voiceListCall, voicePreviewCall } from "@voxwork/contract/client";
import { CheckCircle2Icon, InfoIcon, LoaderCircleIcon, PencilIcon, Trash2Icon, TriangleAlertIcon } from "lucide-react";
import { toast } from "sonner";
import { localizePath, useT } from "../../i18n";
import { formatClock } from "../../lib/speech/recording";
import { announceJob } from "../history/use-job-history";
import { Button } from "../ui/button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { Input, Label } from "../ui/input";
import { AudioSource } from "../tool-shared/audio-source";
import { JobStatus } from "../tool-shared/job-status";
import { LanguageSelect } from "../tool-shared/language-select";
import { useFollowedJob } from "../tool-shared/use-followed-job";
import { COMMON_LANGUAGES, languageName, qualityKey } from "../voices/voice-labels";
import { WaveformPlayer } from "../tool-shared/waveform-player";
import { ToolColumns, ToolPage, ToolSettings } from "../tool-shared/tool-page";
import { Card, CardTitle } from "../ui/card";

const clonedId = (voice: Pick<VoiceView, "key">) => voice.key.replace(/^cloned\//, "");

/**
 * `/workbench/voice-cloning`: a recording (upload or microphone), its quality report, consent,
 * name and language → a cloned voice made in a job, then its preview; the user's cloned voices
 * with rename/delete and the plan's slots.
 */
export function VoiceCloningPage() {
  const { t, locale, api, user, signedIn, id } = useToolPage();

  const [upload, setUpload] = useState<UploadView | null>(null);
  const [check, setCheck] = useState<RecordingCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [name, setName] = useState("");
  const [language, setLanguage] = useState<string>(locale);
  const [consent, setConsent] = useState(false);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ voice: VoiceView; jobId: string } | null>(null);
  const [readyVoice, setReadyVoice] = useState<VoiceView | null>(null);
  const [readyPreview, setReadyPreview] = useState<string | null>(null);
  const [mine, setMine] = useState<VoiceView[] | null>(null);
  const [renaming, setRenaming] = useState<VoiceView | null>(null);
  const [deleting, setDeleting] = useState<VoiceView | null>(null);
  const { job, connection } = useFollowedJob(created?.jobId ?? null);

  const slots = (user.comboDetail ?? planByVipLevel(user.vipLevel).comboDetail).voiceCloneSlots;
  const used = mine?.length ?? 0;
  const cloneDetails = (voice: VoiceView) =>
    `${languageName(voice.language, locale)} · ${t(qualityKey(voice))}${voice.medianPitchHz ? ` · ${t("voiceCloning.medianPitch", { hz: Math.round(voice.medianPitchHz) })}` : ""}`;
  const slotsFull = mine !== null && used >= slots;
  const cost = voiceCloneCost();

  const loadMine = useCallback(async () => {
    try {
      const page = await api.call(voiceListCall, { tab: "mine", pageSize: 100 });
      setMine(page.list.filter((voice) => voice.cloned));
    } catch {
      setMine([]);
    }
  }, [api]);

  useEffect(() => {
    if (signedIn) void loadMine();
  }, [signedIn, loadMine]);

  // A new recording: check it.
  useEffect(() => {
    setCheck(null);
    if (!upload) return;
    let live = true;
    setChecking(true);
    api.call(voiceCloningCheckCall, { uploadId: upload.id }).then(
      (report) => live && setCheck(report),
      () => undefined,
    ).finally(() => live && setChecking(false));
    // The file name is a suggestion for the voice's name.
    setName((current) => current || upload.name.replace(/\.[^.]+$/, "").slice(0, 40));
    return () => {
      live = false;
    };
  }, [api, upload]);

  // The clone job ended: read the voice again (ready, with its preview).
  useEffect(() => {
    if (!created || job?.status !== "completed") return;
    let live = true;
    api.call(voiceGetCall, { voiceKey: created.voice.key }).then(
      async (voice) => {
        if (!live) return;
        setReadyVoice(voice);
        void loadMine();
        const url = voice.previewUrl ?? (await api.call(voicePreviewCall, { voiceKey: voice.key })).url;
        if (live) setReadyPreview(url);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, created, job?.status, loadMine]);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!upload || !check?.accepted) return;
    if (!consent) return toast.error(t("voiceCloning.consentRequired"));
    setCreating(true);
    try {
      const answer = await api.call(voiceCloningCreateCall, { uploadId: upload.id, name: name.trim(), language, consent });
      setCreated({ voice: answer.voice, jobId: answer.jobId });
      announceJob(answer.jobId);
      setReadyVoice(null);
      setReadyPreview(null);
      void loadMine();
    } catch {
      // The client wrapper showed the catalogue message (consent, slots, points…).
    } finally {
      setCreating(false);
    }
  }

  function startOver() {
    setUpload(null);
    setCheck(null);
    setCreated(null);
    setReadyVoice(null);
    setReadyPreview(null);
    setConsent(false);
    setName("");
  }

  const languages = [...new Set([locale, ...COMMON_LANGUAGES])];
  const problems = check?.problems ?? [];

  return (
    <ToolPage title={t("voiceCloning.title")} lead={t("voiceCloning.lead")} history={["voice-cloning"]}>
      <p className="mt-4 flex max-w-3xl gap-2 rounded-xl border border-border bg-surface-muted/40 p-3 text-sm" data-testid="clone-honest-note">
        <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>{t("voiceCloning.honestNote")}</span>
      </p>

      <ToolColumns>
        <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-6">
          {created ? (
            <Card aria-live="polite" data-testid="clone-progress">
              <JobStatus job={job} connection={connection} label={t("voiceCloning.analysing")} />
              {readyVoice ? (
                <div className="grid gap-3" data-testid="clone-ready">
                  <p className="flex items-center gap-2 font-medium">
                    <CheckCircle2Icon className="size-5 text-primary" aria-hidden="true" />
                    {t("voiceCloning.ready", { name: readyVoice.name })}
                  </p>
                  {readyPreview ? <WaveformPlayer url={readyPreview} name={readyVoice.name} /> : <p className="text-sm text-muted-foreground">{t("toolShared.common.loading")}</p>}
                  <div className="flex flex-wrap gap-2">
                    <Button asChild size="sm">
                      <Link to={localizePath(`/workbench/text-to-speech?voice=${encodeURIComponent(readyVoice.key)}`, locale)} data-testid="clone-use-tts">
                        {t("voiceCloning.useInTextToSpeech")}
                      </Link>
                    </Button>
                    <Button asChild size="sm" variant="outline">
                      <Link to={localizePath(`/workbench/speech-to-speech?voice=${encodeURIComponent(readyVoice.key)}`, locale)} data-testid="clone-use-sts">
                        {t("voiceCloning.useInSpeechToSpeech")}
                      </Link>
                    </Button>
                  </div>
                </div>
              ) : null}
              {job && job.status !== "queued" && job.status !== "running" ? (
                <div>
                  <Button type="button" variant="outline" size="sm" onClick={startOver}>
                    {t("toolShared.source.replace")}
                  </Button>
                </div>
              ) : null}
            </Card>
          ) : (
            <>
              <Card className="gap-3">
                <CardTitle>{t("voiceCloning.stepRecording")}</CardTitle>
                <p className="text-sm text-muted-foreground">{t("voiceCloning.recordingHint")}</p>
                <AudioSource upload={upload} onChange={setUpload} />
                {upload ? <WaveformPlayer url={upload.url} name={upload.name} height={56} /> : null}
              </Card>

              {upload ? (
                <Card className="gap-3" aria-live="polite" data-testid="clone-check">
                  <CardTitle>{t("voiceCloning.stepCheck")}</CardTitle>
                  {checking || !check ? (
                    <p className="flex items-center gap-2 text-sm text-muted-foreground">
                      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
                      {t("voiceCloning.checking")}
                    </p>
                  ) : (
                    <>
                      <p className={check.accepted ? "flex items-center gap-2 text-sm font-medium" : "flex items-center gap-2 text-sm font-medium text-destructive"} data-testid="clone-check-verdict" data-accepted={check.accepted}>
                        {check.accepted ? <CheckCircle2Icon className="size-4 text-primary" aria-hidden="true" /> : <TriangleAlertIcon className="size-4" aria-hidden="true" />}
                        {check.accepted ? t("voiceCloning.checkAccepted") : t("voiceCloning.checkRejected")}
                      </p>
                      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
                        <Fact label={t("voiceCloning.facts.duration")} value={formatClock(check.durationSeconds)} />
                        <Fact label={t("voiceCloning.facts.speech")} value={`${Math.round(check.speechRatio * 100)}%`} />
                        <Fact label={t("voiceCloning.facts.loudness")} value={check.loudnessLufs != null ? `${check.loudnessLufs.toFixed(1)} LUFS` : "—"} />
                        <Fact label={t("voiceCloning.facts.clipping")} value={`${(check.clippingRatio * 100).toFixed(2)}%`} />
                        <Fact label={t("voiceCloning.facts.pitch")} value={check.medianPitchHz != null ? `${Math.round(check.medianPitchHz)} Hz` : "—"} testId="clone-check-pitch" />
                      </dl>
                      {problems.length > 0 ? (
                        <div className="grid gap-1 text-sm">
                          {check.accepted ? <p className="text-muted-foreground">{t("voiceCloning.checkWarnings")}</p> : null}
                          <ul className="list-disc pl-5" data-testid="clone-problems">
                            {problems.map((problem, index) => (
                              <li key={`${problem.code}-${index}`} className={check.accepted ? "" : "text-destructive"}>
                                {messageFor(locale, problem.code, problem.params) ?? messageFor(locale, 1)}
                              </li>
                            ))}
                          </ul>
                        </div>
                      ) : null}
                    </>
                  )}
                </Card>
              ) : null}

              {check?.accepted ? (
                <Card asChild>
                  <form onSubmit={(event) => void create(event)} data-testid="clone-form">
                    <CardTitle>{t("voiceCloning.stepDetails")}</CardTitle>
                    <div className="grid gap-3 sm:grid-cols-2">
                      <div className="grid gap-1">
                        <Label htmlFor={`${id}-name`}>{t("voiceCloning.name")}</Label>
                        <Input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} maxLength={40} required placeholder={t("voiceCloning.namePlaceholder")} data-testid="clone-name" />
                      </div>
                      <div className="grid gap-1">
                        <Label htmlFor={`${id}-language`}>{t("voiceCloning.language")}</Label>
                        <LanguageSelect id={`${id}-language`} value={language} onValueChange={setLanguage} languages={languages} className="h-10" data-testid="clone-language" />
                      </div>
                    </div>
                    <label className="flex items-start gap-2 text-sm">
                      <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} required className="mt-0.5 size-4 shrink-0 accent-[var(--vx-primary)]" data-testid="clone-consent" />
                      <span>{t("voiceCloning.consent")}</span>
                    </label>
                    {slotsFull ? (
                      <p role="alert" className="text-sm text-destructive">
                        {t("voiceCloning.slotsFull")}
                      </p>
                    ) : null}
                    <div>
                      <Button type="submit" disabled={creating || !consent || !name.trim() || slotsFull} data-testid="clone-create">
                        {creating ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
                        {creating ? t("voiceCloning.creating") : t("voiceCloning.create", { cost })}
                      </Button>
                    </div>
                  </form>
                </Card>
              ) : null}
            </>
          )}
        </div>

        <ToolSettings className="gap-3" data-testid="my-cloned-voices">
          <CardTitle>{t("voiceCloning.myVoices")}</CardTitle>
          <p className="text-sm text-muted-foreground" data-testid="clone-slots">
            {t("voiceCloning.slots", { used, total: slots })}
          </p>
          {mine === null ? (
            <p className="text-sm text-muted-foreground">{t("toolShared.common.loading")}</p>
          ) : mine.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("voiceCloning.noVoices")}</p>
          ) : (
            // One column no wider than the card: an auto column grows to the unbroken width of the truncated details line.
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
              {mine.map((voice) => (
                <li key={voice.key} className="flex items-center gap-2 rounded-lg border border-border p-2 text-sm" data-testid="cloned-voice">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{voice.name}</p>
                    {/* Cut to the card's width; the whole line on hover. */}
                    <p className="truncate text-xs text-muted-foreground" title={cloneDetails(voice)}>
                      {cloneDetails(voice)}
                    </p>
                  </div>
                  <Button type="button" variant="ghost" size="icon" onClick={() => setRenaming(voice)} aria-label={`${t("toolShared.common.rename")}: ${voice.name}`}>
                    <PencilIcon aria-hidden="true" />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" onClick={() => setDeleting(voice)} aria-label={`${t("toolShared.common.delete")}: ${voice.name}`}>
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </ToolSettings>
      </ToolColumns>

      <RenameDialog
        voice={renaming}
        onClose={() => setRenaming(null)}
        onRename={async (voice, next) => {
          const renamed = await api.call(voiceCloningRenameCall, { id: clonedId(voice), name: next });
          setMine((current) => (current ?? []).map((item) => (item.key === voice.key ? renamed : item)));
          toast.success(t("voiceCloning.renamed"));
        }}
      />
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent closeLabel={t("toolShared.common.close")}>
          <DialogHeader>
            <DialogTitle>{t("voiceCloning.deleteTitle", { name: deleting?.name ?? "" })}</DialogTitle>
            <DialogDescription>{t("voiceCloning.deleteText")}</DialogDescription>
          </DialogHeader>
          <DialogActions cancelLabel={t("toolShared.common.cancel")}>
            <Button
              type="button"
              variant="destructive"
              data-testid="clone-delete-confirm"
              onClick={async () => {
                if (!deleting) return;
                try {
                  await api.call(voiceCloningDeleteCall, { id: clonedId(deleting) });
                  setMine((current) => (current ?? []).filter((item) => item.key !== deleting.key));
                  toast.success(t("voiceCloning.deleted"));
                  setDeleting(null);
                } catch {
                  // Shown by the client wrapper.
                }
              }}
            >
              {t("toolShared.common.delete")}
            </Button>
          </DialogActions>
        </DialogContent>
      </Dialog>
    </ToolPage>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg bg-surface-muted/60 p-2" data-testid={testId}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function RenameDialog({ voice, onClose, onRename }: { voice: VoiceView | null; onClose: () => void; onRename: (voice: VoiceView, name: string) => Promise<void> }) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => setName(voice?.name ?? ""), [voice]);
  return (
    <Dialog open={voice !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("toolShared.common.close")}>
        <form
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!voice || !name.trim()) return;
            setSaving(true);
            try {
              await onRename(voice, name.trim());
              onClose();
            } catch {
              // Shown by the client wrapper.
            } finally {
              setSaving(false);
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("voiceCloning.renameTitle")}</DialogTitle>
          </DialogHeader>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-name`}>{t("voiceCloning.name")}</Label>
            <Input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} maxLength={40} required />
          </div>
          <DialogActions cancelLabel={t("toolShared.common.cancel")}>
            <Button type="submit" disabled={saving || !name.trim()}>
              {t("toolShared.common.save")}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
