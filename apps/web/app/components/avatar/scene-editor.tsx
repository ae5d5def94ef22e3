import { useId, useState } from "react";
import { MAX_AVATAR_SCRIPT, type PortraitVerdict, type UploadView, type VoiceView } from "@voxwork/contract";
import { ArrowDownIcon, ArrowUpIcon, Trash2Icon } from "lucide-react";
import { useT } from "../../i18n";
import { cn } from "../../lib/utils";
import { ColourChoice } from "../tool-shared/colour-choice";
import { NativeSelect } from "../tool-shared/native-select";
import { Button } from "../ui/button";
import { Input, Label, Textarea } from "../ui/input";
import { UploadDropzone } from "../upload/upload-dropzone";
import { SelectedVoice } from "../voices/selected-voice";
import { VoicePickerDialog } from "../voices/voice-picker-dialog";
import { PhotoFacePicker, type FaceBox } from "./photo-face-picker";
import { Card } from "../ui/card";

export interface AvatarChoice {
  id: string;
  names: { en: string; zh: string };
  descriptions: { en: string; zh: string };
  thumbnailUrl: string;
  expressions: string[];
}

/** One scene as edited (uploads and the voice as views, so the page can show them). */
export interface EditedScene {
  key: string;
  speaker: "avatar" | "photo";
  avatarId: string;
  expression: "neutral" | "happy" | "serious";
  photo: UploadView | null;
  face: FaceBox | undefined;
  /** The portrait check's verdict of the chosen face (a block stops the video). */
  photoVerdict?: PortraitVerdict | undefined;
  speech: "script" | "recording";
  text: string;
  voice: VoiceView | null;
  recording: UploadView | null;
  background: "colour" | "image" | "video";
  colour: string;
  backgroundUpload: UploadView | null;
  placement: "center" | "left" | "right" | "fill";
  title: string;
}

let sceneKeys = 0;
export function newScene(avatarId: string, voice: VoiceView | null): EditedScene {
  return {
    key: `scene-${++sceneKeys}`,
    speaker: "avatar",
    avatarId,
    expression: "neutral",
    photo: null,
    face: undefined,
    speech: "script",
    text: "",
    voice,
    recording: null,
    background: "colour",
    colour: "#EEF1F8",
    backgroundUpload: null,
    placement: "center",
    title: "",
  };
}

/** A row of radio buttons drawn as a segmented control (arrow keys move between them). */
function Segmented<Value extends string>({ name, label, value, choices, onChange }: { name: string; label: string; value: Value; choices: ReadonlyArray<readonly [Value, string]>; onChange: (value: Value) => void }) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="inline-flex w-fit flex-wrap rounded-lg border border-border p-0.5">
        {choices.map(([choice, text]) => (
          <label key={choice} className="cursor-pointer rounded-md px-3 py-1 text-sm has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
            <input type="radio" className="sr-only" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
            {text}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One scene: who speaks (an avatar or a photo), what is said (a script and a voice, or a recording), the background, the position and a title. */
export function SceneEditor({
  scene,
  number,
  count,
  avatars,
  locale,
  onChange,
  onRemove,
  onMove,
}: {
  scene: EditedScene;
  number: number;
  count: number;
  avatars: readonly AvatarChoice[];
  locale: "en" | "zh";
  onChange: (patch: Partial<EditedScene>) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const t = useT();
  const id = useId();
  const [picking, setPicking] = useState(false);
  return (
    <Card asChild>
      <li data-testid="avatar-scene">
        <div className="flex items-center gap-2">
          <h3 className="flex-1 font-semibold">{t("avatar.scene", { number })}</h3>
          <Button type="button" variant="ghost" size="icon" disabled={number === 1} onClick={() => onMove(-1)} aria-label={t("avatar.moveUp", { number })}>
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" disabled={number === count} onClick={() => onMove(1)} aria-label={t("avatar.moveDown", { number })}>
            <ArrowDownIcon aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" disabled={count === 1} onClick={onRemove} aria-label={t("avatar.removeScene", { number })}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>

        <Segmented name={`${id}-speaker`} label={t("avatar.speaker.label")} value={scene.speaker} choices={[["avatar", t("avatar.speaker.avatar")], ["photo", t("avatar.speaker.photo")]]} onChange={(speaker) => onChange({ speaker })} />
        {scene.speaker === "avatar" ? (
          <div className="grid gap-3">
            <div role="radiogroup" aria-label={t("avatar.speaker.avatar")} className="grid grid-cols-3 gap-2 sm:grid-cols-6" data-testid="avatar-choices">
              {avatars.map((avatar) => (
                <label key={avatar.id} title={avatar.descriptions[locale]} className="grid cursor-pointer justify-items-center gap-1 rounded-xl border border-border p-1.5 text-center text-xs has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                  <input type="radio" className="sr-only" name={`${id}-avatar`} value={avatar.id} checked={scene.avatarId === avatar.id} onChange={() => onChange({ avatarId: avatar.id })} />
                  <img src={avatar.thumbnailUrl} alt="" className="aspect-square w-full rounded-lg bg-surface-muted object-cover" />
                  <span className="truncate font-medium">{avatar.names[locale]}</span>
                </label>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">{avatars.find((avatar) => avatar.id === scene.avatarId)?.descriptions[locale]}</p>
            <Segmented
              name={`${id}-expression`}
              label={t("avatar.expression.label")}
              value={scene.expression}
              choices={[["neutral", t("avatar.expression.neutral")], ["happy", t("avatar.expression.happy")], ["serious", t("avatar.expression.serious")]]}
              onChange={(expression) => onChange({ expression })}
            />
          </div>
        ) : (
          <div className="grid gap-1.5">
            <p className="text-xs text-muted-foreground">{t("avatar.photo.upload")}</p>
            <PhotoFacePicker scene={number} photo={scene.photo} face={scene.face} onPhoto={(photo) => onChange({ photo, face: undefined, photoVerdict: undefined })} onFace={(face) => onChange({ face })} onVerdict={(photoVerdict) => onChange({ photoVerdict })} />
          </div>
        )}

        <Segmented name={`${id}-speech`} label={t("avatar.speech.label")} value={scene.speech} choices={[["script", t("avatar.speech.script")], ["recording", t("avatar.speech.recording")]]} onChange={(speech) => onChange({ speech })} />
        {scene.speech === "script" ? (
          <div className="grid gap-2">
            <Textarea
              value={scene.text}
              maxLength={MAX_AVATAR_SCRIPT}
              onChange={(event) => onChange({ text: event.target.value })}
              placeholder={t("avatar.speech.placeholder")}
              rows={4}
              aria-label={t("avatar.speech.script")}
              data-testid="avatar-script"
            />
            <p className="text-right text-xs text-muted-foreground tabular-nums">{t("avatar.speech.characters", { count: scene.text.length, max: MAX_AVATAR_SCRIPT })}</p>
            <SelectedVoice voice={scene.voice} onChoose={() => setPicking(true)} testId="avatar-voice" />
            <VoicePickerDialog open={picking} onOpenChange={setPicking} selectedKey={scene.voice?.key} onSelect={(voice) => onChange({ voice })} />
          </div>
        ) : scene.recording ? (
          <div className="flex flex-wrap items-center gap-3">
            <audio controls src={scene.recording.url} className="min-w-0 flex-1" />
            <Button type="button" variant="outline" size="sm" onClick={() => onChange({ recording: null })}>
              {t("avatar.photo.replace")}
            </Button>
          </div>
        ) : (
          <div className="grid gap-1.5">
            <p className="text-xs text-muted-foreground">{t("avatar.speech.uploadRecording")}</p>
            <UploadDropzone accept="audio/*,video/*" onUploaded={(recording) => onChange({ recording })} />
          </div>
        )}

        <Segmented
          name={`${id}-background`}
          label={t("avatar.background.label")}
          value={scene.background}
          choices={[["colour", t("avatar.background.colour")], ["image", t("avatar.background.image")], ["video", t("avatar.background.video")]]}
          onChange={(background) => onChange({ background, backgroundUpload: null })}
        />
        {scene.background === "colour" ? (
          <ColourChoice
            label={t("avatar.background.colour")}
            value={scene.colour}
            onChange={(colour) => onChange({ colour })}
            swatches={[["#EEF1F8", t("avatar.background.mist")], ["#FFF4E0", t("avatar.background.cream")], ["#1F2A44", t("avatar.background.navy")], ["#0F766E", t("avatar.background.teal")], ["#111111", t("avatar.background.black")]]}
            customLabel={t("subtitleBurnIn.custom")}
          />
        ) : scene.backgroundUpload ? (
          <div className="flex flex-wrap items-center gap-3">
            {scene.background === "image" ? <img src={scene.backgroundUpload.url} alt="" className="h-20 rounded-md" /> : <video src={scene.backgroundUpload.url} muted className="h-20 rounded-md" />}
            <Button type="button" variant="outline" size="sm" onClick={() => onChange({ backgroundUpload: null })}>
              {t("avatar.photo.replace")}
            </Button>
          </div>
        ) : (
          <UploadDropzone accept={scene.background === "image" ? "image/*" : "video/*"} onUploaded={(backgroundUpload) => onChange({ backgroundUpload })} />
        )}

        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-placement`}>{t("avatar.placement.label")}</Label>
            <NativeSelect id={`${id}-placement`} value={scene.placement} onChange={(event) => onChange({ placement: event.target.value as EditedScene["placement"] })}>
              {(["center", "left", "right", "fill"] as const).map((placement) => (
                <option key={placement} value={placement}>
                  {t(`avatar.placement.${placement}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-title`}>{t("avatar.sceneTitle.label")}</Label>
            <Input id={`${id}-title`} value={scene.title} maxLength={80} onChange={(event) => onChange({ title: event.target.value })} className={cn("w-full")} />
          </div>
        </div>
      </li>
    </Card>
  );
}
