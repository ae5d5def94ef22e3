import { useEffect, useMemo, useState } from "react";
import { useToolPage } from "../tool-shared/use-tool-page";
import { useSearchParams } from "react-router";
import { avatarCost, estimatedSpeechSeconds, type AvatarScene, type UploadView } from "@voxwork/contract";
import { avatarCreateCall, avatarOptionsCall, avatarPreviewCall } from "@voxwork/contract/client";
import { ClapperboardIcon, PlayIcon, PlusIcon } from "lucide-react";
import { toast } from "sonner";
import { ColourChoice } from "../tool-shared/colour-choice";
import { NativeSelect } from "../tool-shared/native-select";
import { useToolRun } from "../tool-shared/use-tool-run";
import { RunButton } from "../tool-shared/run-button";
import { useBestVoices } from "../tool-shared/target-voices";
import { Button } from "../ui/button";
import { Label } from "../ui/input";
import { UploadDropzone } from "../upload/upload-dropzone";
import { newScene, SceneEditor, type AvatarChoice, type EditedScene } from "./scene-editor";
import { ToolColumns, ToolPage, ToolRunCard, ToolSettings } from "../tool-shared/tool-page";
import { resultFile, VideoResult } from "../tool-shared/video-result";
import { CardTitle } from "../ui/card";
import { NotEnoughPoints } from "../tool-shared/not-enough-points";
import { DownloadButton } from "../tool-shared/download-button";

type Layout = "16:9" | "9:16" | "1:1";
type Corner = "top-left" | "top-right" | "bottom-left" | "bottom-right";
interface Options {
  avatars: AvatarChoice[];
  animators: Array<{ id: string; name: string; location: "local" | "remote"; description: string }>;
  maxSeconds: number;
}

/** The edited scenes as the call's scenes, or the first thing missing (a message key and the scene's number). */
function scenesForCall(scenes: readonly EditedScene[]): { scenes: AvatarScene[] } | { missing: "avatar.needScript" | "avatar.needPhoto" | "avatar.needVoice" | "avatar.photoBlocked"; number: number } {
  const out: AvatarScene[] = [];
  for (const [index, scene] of scenes.entries()) {
    const number = index + 1;
    if (scene.speaker === "photo" && !scene.photo) return { missing: "avatar.needPhoto", number };
    if (scene.speaker === "photo" && scene.photoVerdict === "block") return { missing: "avatar.photoBlocked", number };
    if (scene.speech === "script" && !scene.text.trim()) return { missing: "avatar.needScript", number };
    if (scene.speech === "script" && !scene.voice) return { missing: "avatar.needVoice", number };
    if (scene.speech === "recording" && !scene.recording) return { missing: "avatar.needScript", number };
    out.push({
      subject: scene.speaker === "avatar" ? { kind: "illustrated", avatarId: scene.avatarId, expression: scene.expression } : { kind: "photo", uploadId: scene.photo!.id, ...(scene.face ? { face: scene.face } : {}) },
      speech: scene.speech === "script" ? { kind: "script", text: scene.text.trim(), voice: scene.voice!.key } : { kind: "audio", uploadId: scene.recording!.id },
      background:
        scene.background === "colour" || !scene.backgroundUpload
          ? { kind: "colour", colour: scene.colour }
          : scene.background === "image"
            ? { kind: "image", uploadId: scene.backgroundUpload.id }
            : { kind: "video", uploadId: scene.backgroundUpload.id },
      placement: scene.placement,
      ...(scene.title.trim() ? { title: scene.title.trim() } : {}),
    });
  }
  return { scenes: out };
}

/**
 * `/workbench/ai-avatar-video`: scenes (an illustrated avatar or a talking photo saying a script or
 * a recording over a background), the video's shape, captions and logo, a free 5-second preview,
 * the estimate, the render, and the result with its MP4 and captions.
 */
export function AvatarPage() {
  const { t, locale, api, signedIn, id } = useToolPage();
  const best = useBestVoices(useMemo(() => [locale === "zh" ? "zh" : "en"], [locale]));
  const defaultVoice = best[locale === "zh" ? "zh" : "en"] ?? null;

  // The hub's "Talking photo" card opens the first scene with a photo speaker.
  const [search] = useSearchParams();
  const startWithPhoto = search.get("speaker") === "photo";
  const [options, setOptions] = useState<Options | null>(null);
  const [scenes, setScenes] = useState<EditedScene[]>([]);
  const [layout, setLayout] = useState<Layout>("16:9");
  const [resolution, setResolution] = useState<512 | 720 | 1080>(720);
  const [speed, setSpeed] = useState(1);
  const [captions, setCaptions] = useState({ enabled: true, textColor: "#FFFFFF", look: "box" as "outline" | "box", position: "bottom" as "bottom" | "top" });
  const [logo, setLogo] = useState<UploadView | null>(null);
  const [corner, setCorner] = useState<Corner>("top-right");
  const [animatorId, setAnimatorId] = useState<string | undefined>(undefined);
  const preview = useToolRun();
  const render = useToolRun();
  const { running: previewing } = preview;
  const { running } = render;

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api.call(avatarOptionsCall, {}).then((loaded) => {
      if (!live) return;
      setOptions(loaded);
      setScenes((current) => (current.length ? current : [{ ...newScene(loaded.avatars[0]?.id ?? "", null), ...(startWithPhoto ? { speaker: "photo" as const } : {}) }]));
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [api, signedIn]);
  // The best voice of the page's language, for scenes that have none yet (whichever arrives first: the voice or the first scene).
  const missingVoice = scenes.some((scene) => !scene.voice);
  useEffect(() => {
    if (defaultVoice && missingVoice) setScenes((current) => current.map((scene) => (scene.voice ? scene : { ...scene, voice: defaultVoice })));
  }, [defaultVoice?.key, missingVoice]);

  const update = (key: string, patch: Partial<EditedScene>) => setScenes((current) => current.map((scene) => (scene.key === key ? { ...scene, ...patch } : scene)));
  const move = (index: number, by: -1 | 1) =>
    setScenes((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });

  const estimatedSeconds = scenes.reduce((sum, scene) => sum + (scene.speech === "script" ? (scene.text.trim() ? estimatedSpeechSeconds(scene.text, speed) : 0) : (scene.recording?.durationSeconds ?? 0)), 0);
  const usesPhotos = scenes.some((scene) => scene.speaker === "photo");
  const animator = options?.animators.find((offer) => offer.id === animatorId) ?? options?.animators[0];
  const cost = estimatedSeconds > 0 ? avatarCost(estimatedSeconds, usesPhotos && animator?.location === "remote" ? "premium" : "basic") : null;

  function body() {
    const built = scenesForCall(scenes);
    if ("missing" in built) {
      toast.error(t(built.missing, { number: built.number }));
      return null;
    }
    return {
      scenes: built.scenes,
      layout,
      resolution,
      speed,
      captions,
      ...(logo ? { logo: { uploadId: logo.id, corner } } : {}),
      ...(usesPhotos && animator ? { animatorId: animator.id } : {}),
    };
  }

  async function makePreview() {
    const request = body();
    if (!request) return;
    await preview.start(() => api.call(avatarPreviewCall, request));
  }

  async function create() {
    if (running) return;
    const request = body();
    if (!request) return;
    const created = await render.start(() => api.call(avatarCreateCall, request));
    if (created) toast.success(t("avatar.started", { cost: created.estimatedCost }));
  }

  const previewVideo = resultFile(preview.job, "video");
  const result = resultFile(render.job, "video");
  const resultCaptions = resultFile(render.job, "subtitles");

  return (
    <ToolPage title={t("avatar.title")} lead={t("avatar.lead")} history={["avatar"]}>
      <ToolColumns>
        <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-4">
          <h2 className="font-semibold">{t("avatar.scenes")}</h2>
          <ol className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="avatar-scenes">
            {scenes.map((scene, index) => (
              <SceneEditor
                key={scene.key}
                scene={scene}
                number={index + 1}
                count={scenes.length}
                avatars={options?.avatars ?? []}
                locale={locale}
                onChange={(patch) => update(scene.key, patch)}
                onRemove={() => setScenes((current) => current.filter((candidate) => candidate.key !== scene.key))}
                onMove={(by) => move(index, by)}
              />
            ))}
          </ol>
          <Button type="button" variant="outline" className="justify-self-start" disabled={!options || scenes.length >= 10} onClick={() => setScenes((current) => [...current, newScene(current.at(-1)?.avatarId ?? options?.avatars[0]?.id ?? "", current.at(-1)?.voice ?? defaultVoice)])} data-testid="add-scene">
            <PlusIcon aria-hidden="true" />
            {t("avatar.addScene")}
          </Button>
        </div>

        <ToolSettings className="desktop:sticky desktop:top-20 desktop:self-start">
          <CardTitle>{t("avatar.settings")}</CardTitle>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">{t("avatar.layout.label")}</legend>
            <div className="flex flex-wrap gap-2">
              {(["16:9", "9:16", "1:1"] as const).map((shape) => (
                <label key={shape} className="grid cursor-pointer justify-items-center gap-1 rounded-lg border border-border px-3 py-2 text-xs has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                  <input type="radio" className="sr-only" name={`${id}-layout`} value={shape} checked={layout === shape} onChange={() => setLayout(shape)} />
                  <span aria-hidden="true" className="block rounded-sm border-2 border-current" style={shape === "16:9" ? { width: 32, height: 18 } : shape === "9:16" ? { width: 14, height: 24 } : { width: 22, height: 22 }} />
                  {t(`avatar.layout.${shape}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-resolution`}>{t("avatar.resolution.label")}</Label>
            <NativeSelect id={`${id}-resolution`} value={String(resolution)} onChange={(event) => setResolution(Number(event.target.value) as 512 | 720 | 1080)}>
              <option value="512">512p</option>
              <option value="720">720p</option>
              <option value="1080">1080p</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-speed`}>
              {t("avatar.speed.label")} · {t("avatar.speed.value", { value: speed.toFixed(1) })}
            </Label>
            <input id={`${id}-speed`} type="range" min={0.5} max={2} step={0.1} value={speed} onChange={(event) => setSpeed(Number(event.target.value))} className="accent-[var(--vx-primary)]" />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t("avatar.captions.label")}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={captions.enabled} onChange={(event) => setCaptions({ ...captions, enabled: event.target.checked })} className="size-4 accent-[var(--vx-primary)]" />
              {t("avatar.captions.enabled")}
            </label>
            {captions.enabled ? (
              <>
                <NativeSelect aria-label={t("avatar.captions.look")} value={captions.look} onChange={(event) => setCaptions({ ...captions, look: event.target.value as "outline" | "box" })}>
                  <option value="box">{t("avatar.captions.box")}</option>
                  <option value="outline">{t("avatar.captions.outline")}</option>
                </NativeSelect>
                <NativeSelect aria-label={t("avatar.captions.position")} value={captions.position} onChange={(event) => setCaptions({ ...captions, position: event.target.value as "bottom" | "top" })}>
                  <option value="bottom">{t("avatar.captions.bottom")}</option>
                  <option value="top">{t("avatar.captions.top")}</option>
                </NativeSelect>
                <ColourChoice
                  label={t("avatar.captions.textColor")}
                  value={captions.textColor}
                  onChange={(textColor) => setCaptions({ ...captions, textColor })}
                  swatches={[["#FFFFFF", t("subtitleBurnIn.colors.white")], ["#FFD400", t("subtitleBurnIn.colors.yellow")], ["#3CDCFF", t("subtitleBurnIn.colors.cyan")]]}
                  customLabel={t("subtitleBurnIn.custom")}
                />
              </>
            ) : null}
          </fieldset>
          <div className="grid gap-2">
            <p className="text-sm font-medium">{t("avatar.logo.label")}</p>
            {logo ? (
              <div className="flex flex-wrap items-center gap-2">
                <img src={logo.url} alt="" className="h-10 rounded bg-surface-muted object-contain" />
                <NativeSelect aria-label={t("avatar.logo.corner")} value={corner} onChange={(event) => setCorner(event.target.value as Corner)} className="min-w-0 flex-1">
                  {(["top-left", "top-right", "bottom-left", "bottom-right"] as const).map((choice) => (
                    <option key={choice} value={choice}>
                      {t(`avatar.logo.${choice}`)}
                    </option>
                  ))}
                </NativeSelect>
                <Button type="button" variant="ghost" size="sm" onClick={() => setLogo(null)}>
                  {t("avatar.logo.remove")}
                </Button>
              </div>
            ) : (
              <UploadDropzone accept="image/*" onUploaded={setLogo} />
            )}
          </div>
          {usesPhotos && options && options.animators.length > 1 ? (
            <div className="grid gap-1">
              <Label htmlFor={`${id}-animator`}>{t("avatar.animator.label")}</Label>
              <NativeSelect id={`${id}-animator`} value={animator?.id ?? ""} onChange={(event) => setAnimatorId(event.target.value)}>
                {options.animators.map((offer) => (
                  <option key={offer.id} value={offer.id}>
                    {offer.name} · {t(offer.location === "local" ? "avatar.animator.local" : "avatar.animator.remote")}
                  </option>
                ))}
              </NativeSelect>
              {animator ? <p className="text-xs text-muted-foreground">{animator.description}</p> : null}
            </div>
          ) : null}
          <p className="text-sm font-medium tabular-nums" data-testid="avatar-estimate">
            {cost != null ? t("avatar.estimate", { seconds: Math.round(estimatedSeconds), cost }) : t("avatar.estimateUnknown")}
          </p>
          <NotEnoughPoints cost={cost} />
          <RunButton running={previewing} icon={PlayIcon} label={t("avatar.preview.button")} runningLabel={t("avatar.preview.running")} size="default" variant="outline" onClick={() => void makePreview()} disabled={!options || previewing} data-testid="avatar-preview" />
          <RunButton running={running} icon={ClapperboardIcon} label={t("avatar.create")} runningLabel={t("avatar.creating")} onClick={() => void create()} disabled={!options || running} data-testid="avatar-create" />
        </ToolSettings>
      </ToolColumns>

      <ToolRunCard run={preview} title={t("avatar.preview.title")} runningLabel={t("avatar.preview.running")} className="gap-3">
        {previewVideo ? <video controls playsInline src={previewVideo.url} className="max-h-[70vh] w-full max-w-3xl rounded-lg bg-black" data-testid="avatar-preview-video" /> : null}
      </ToolRunCard>

      <ToolRunCard run={render} title={t("avatar.result.title")} runningLabel={t("avatar.creating")}>
        {result ? (
          <VideoResult
            player={
              <video controls playsInline src={result.url} className="max-h-[70vh] w-full rounded-lg bg-black">
                {resultCaptions ? <track kind="captions" src={resultCaptions.url} srcLang={locale} label={t("avatar.captions.label")} default /> : null}
              </video>
            }
            data-testid="avatar-result"
          >
            <DownloadButton href={result.downloadUrl} data-testid="download-video">
              {t("avatar.result.download")}
            </DownloadButton>
            {resultCaptions ? (
              <DownloadButton href={resultCaptions.downloadUrl} variant="outline" data-testid="download-captions">
                {t("avatar.result.captions")}
              </DownloadButton>
            ) : null}
          </VideoResult>
        ) : null}
      </ToolRunCard>
    </ToolPage>
  );
}
