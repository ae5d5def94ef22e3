/**
 * AI avatar video: scenes of a speaker (a built-in illustrated avatar, or a talking photo) saying a
 * script or a recording, over a background, with captions from the words' times. Three job types:
 *
 *   avatar.faces    fetch → faces                     (free: the faces of a photo, to pick one, each with its portrait check)
 *   avatar.preview  fetch → speak → render → deliver   (free: the first 5 s of the first scene)
 *   avatar.render   fetch → speak → render → deliver   (charged per second; the exact length is settled)
 *
 * Each stage is a checkpoint; speaking keeps every sentence already synthesised (a restart resumes).
 */
import { assessPortrait, AVATAR_PREVIEW_SECONDS, ErrorCode, parseTtsScript } from '@voxwork/contract';
import { toVtt } from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { AvatarEngines, AvatarRenderScene } from '../engines/avatar-engines.port.ts';
import type { SpeechEngines, SpokenWord, VoiceTarget } from '../engines/speech-engines.port.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobMediaFile, PipelineDefinition, StageDefinition } from '../jobs/pipeline-definition.ts';
import { assembleSpeech, decodeSpeech, fetchStoredFile, PLAIN_SPEECH, synthesizeSegments, type TrackPiece } from '../pipeline-stages/index.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { logoBox, subjectPlacement, titleAt } from './avatar-layout.ts';

/** Breath between sentences of a script. */
const SENTENCE_GAP_SECONDS = 0.2;
const FRAME_RATE = 25;

/** An upload a job reads, as stored. */
export interface AvatarUploadRef {
  uploadId: string;
  storageKey: string;
  /** The job file it is fetched to. */
  file: string;
}

export interface AvatarJobScene {
  subject: { kind: 'illustrated'; avatarId: string; expression: string } | { kind: 'photo'; photo: AvatarUploadRef; face?: { x: number; y: number; width: number; height: number } | undefined };
  speech: { kind: 'script'; text: string; target: VoiceTarget } | { kind: 'audio'; audio: AvatarUploadRef };
  background: { kind: 'colour'; colour: string } | { kind: 'image'; image: AvatarUploadRef } | { kind: 'video'; video: AvatarUploadRef };
  placement: 'center' | 'left' | 'right' | 'fill';
  title?: string | undefined;
}

/** `avatar.render` and `avatar.preview`. */
export interface AvatarJobInput {
  scenes: AvatarJobScene[];
  width: number;
  height: number;
  captions: { enabled: boolean; textColor: string; look: 'outline' | 'box'; position: 'bottom' | 'top' };
  logo?: { image: AvatarUploadRef; corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' } | undefined;
  animatorId: string;
  /** Speaking rate of every script. */
  speed: number;
  /** Points per second of video at the animator's tier (the settled cost). */
  pricePerSecond: number;
}

/** `avatar.faces`. */
export interface AvatarFacesJobInput {
  photo: AvatarUploadRef;
}

interface Deps {
  avatarEngines: AvatarEngines;
  engines: SpeechEngines;
  storage: StorageRepository;
  scratch: ScratchFiles;
}

/** Every upload the job reads. */
function uploadsOf(input: AvatarJobInput): AvatarUploadRef[] {
  const refs: AvatarUploadRef[] = [];
  for (const scene of input.scenes) {
    if (scene.subject.kind === 'photo') refs.push(scene.subject.photo);
    if (scene.speech.kind === 'audio') refs.push(scene.speech.audio);
    if (scene.background.kind === 'image') refs.push(scene.background.image);
    if (scene.background.kind === 'video') refs.push(scene.background.video);
  }
  if (input.logo) refs.push(input.logo.image);
  return refs;
}

function fetchStage(deps: Deps, refsOf: (input: never) => AvatarUploadRef[]): StageDefinition<never> {
  return {
    name: 'fetch',
    weight: 1,
    async run({ input, files }) {
      const written: string[] = [];
      for (const ref of refsOf(input)) {
        if (written.includes(ref.file)) continue;
        await fetchStoredFile(deps.storage, deps.scratch, ref.storageKey, await files.path(ref.file));
        written.push(ref.file);
      }
      return { files: written };
    },
  };
}

/** The scenes to speak: all of them, or the first only (the preview). */
const scenesOf = (input: AvatarJobInput, preview: boolean) => (preview ? input.scenes.slice(0, 1) : input.scenes);

/** Each script's sentences, numbered across the scenes (`synthesizeSegments`'s numbering), and each scene's layout. */
function sentencesOf(scenes: readonly AvatarJobScene[]) {
  const sentences: Array<{ scene: number; text: string }> = [];
  const layouts: TrackPiece[][] = scenes.map(() => []);
  scenes.forEach((scene, index) => {
    if (scene.speech.kind !== 'script') return;
    const parts = parseTtsScript(scene.speech.text).parts;
    parts.forEach((part, partIndex) => {
      if (part.kind === 'pause') {
        layouts[index]!.push({ silenceSeconds: part.seconds });
        return;
      }
      layouts[index]!.push({ segment: sentences.length });
      sentences.push({ scene: index, text: part.text });
      if (parts[partIndex + 1]?.kind === 'speech') layouts[index]!.push({ silenceSeconds: SENTENCE_GAP_SECONDS });
    });
  });
  return { sentences, layouts };
}

function renderPipeline(deps: Deps, preview: boolean): PipelineDefinition<AvatarJobInput> {
  return {
    stages: [
      fetchStage(deps, uploadsOf as (input: never) => AvatarUploadRef[]) as StageDefinition<AvatarJobInput>,
      {
        name: 'speak',
        weight: 4,
        async run({ input, files, signal, reportProgress }) {
          const scenes = scenesOf(input, preview);
          const { sentences, layouts } = sentencesOf(scenes);
          const written: string[] = [];
          if (sentences.length) {
            const segments = sentences.map((sentence) => {
              const speech = scenes[sentence.scene]!.speech as Extract<AvatarJobScene['speech'], { kind: 'script' }>;
              return { target: speech.target, written: sentence.text, spoken: sentence.text };
            });
            written.push(...(await synthesizeSegments({ engines: deps.engines, segments, settings: { ...PLAIN_SPEECH, speed: input.speed }, files, scratch: deps.scratch, signal, reportProgress })));
          }
          const spoken: Array<{ audio: string; words: SpokenWord[]; durationSeconds: number }> = [];
          for (const [index, scene] of scenes.entries()) {
            const audio = `scene-${index}.wav`;
            if (scene.speech.kind === 'script') {
              const assembled = await assembleSpeech(files, deps.scratch, layouts[index]!, audio);
              spoken.push({ audio, words: assembled.segments.flatMap((segment) => segment.words), durationSeconds: assembled.durationSeconds });
            } else {
              const decoded = await decodeSpeech({ input: await files.path(scene.speech.audio.file), output: await files.path(audio), signal });
              spoken.push({ audio, words: [], durationSeconds: decoded.durationSeconds });
            }
            written.push(audio);
          }
          return { files: written, scenes: spoken };
        },
      },
      {
        name: 'render',
        weight: 10,
        async run({ input, files, signal, outputs, reportProgress }) {
          const spoken = outputs.speak?.scenes as Array<{ audio: string; words: SpokenWord[]; durationSeconds: number }>;
          const scenes = scenesOf(input, preview);
          const framings = new Map(deps.avatarEngines.avatars().map((avatar) => [avatar.id, avatar.framing]));
          const renderScenes: AvatarRenderScene[] = [];
          for (const [index, scene] of scenes.entries()) {
            const subject: AvatarRenderScene['subject'] =
              scene.subject.kind === 'photo' ? { kind: 'photo', imageFile: await files.path(scene.subject.photo.file), face: scene.subject.face } : scene.subject;
            const background: AvatarRenderScene['background'] =
              scene.background.kind === 'colour'
                ? scene.background
                : scene.background.kind === 'image'
                  ? { kind: 'image', file: await files.path(scene.background.image.file) }
                  : { kind: 'video', file: await files.path(scene.background.video.file) };
            const placement = subjectPlacement(scene.placement, scene.subject.kind === 'illustrated' ? { kind: 'illustrated', framing: framings.get(scene.subject.avatarId) } : { kind: 'photo' });
            const title = scene.title ? titleAt(scene.title, input.captions.position) : undefined;
            renderScenes.push({ subject, audioFile: await files.path(spoken[index]!.audio), words: spoken[index]!.words, background, placement, title });
          }
          if (renderScenes.some((scene) => scene.subject.kind === 'photo') && !deps.avatarEngines.animators().some((animator) => animator.id === input.animatorId)) {
            throw new DomainError(ErrorCode.AVATAR_ANIMATOR_UNAVAILABLE, { animator: input.animatorId });
          }
          const rendered = await deps.avatarEngines.render({
            scenes: renderScenes,
            width: input.width,
            height: input.height,
            frameRate: FRAME_RATE,
            captions: input.captions,
            logo: input.logo ? { file: await files.path(input.logo.image.file), ...logoBox(input.logo.corner) } : undefined,
            animatorId: input.animatorId,
            outputFile: await files.path('avatar.mp4'),
            previewSeconds: preview ? AVATAR_PREVIEW_SECONDS : undefined,
            signal,
            onProgress: reportProgress,
          });
          await deps.scratch.writeText(await files.path('avatar.vtt'), toVtt(rendered.captions));
          return { files: ['avatar.mp4', 'avatar.vtt'], durationSeconds: rendered.durationSeconds, captions: rendered.captions.length, warnings: rendered.warnings };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        async run({ input, outputs, store }) {
          const durationSeconds = outputs.render?.durationSeconds as number;
          const media: JobMediaFile[] = [await store('avatar.mp4', { role: 'video', durationSeconds })];
          if (input.captions.enabled && (outputs.render?.captions as number) > 0) media.push(await store('avatar.vtt', { role: 'subtitles' }));
          return { media };
        },
      },
    ],
    result(input, outputs) {
      return {
        media: (outputs.deliver?.media as JobMediaFile[] | undefined) ?? [],
        durationSeconds: outputs.render?.durationSeconds ?? null,
        scenes: scenesOf(input, preview).length,
        layout: { width: input.width, height: input.height },
        warnings: (outputs.render?.warnings as string[] | undefined) ?? [],
      };
    },
    // The estimate was frozen; what is settled is the video's exact length (never more than the estimate).
    ...(preview ? {} : { actualCost: (input: AvatarJobInput, outputs: Readonly<Record<string, Record<string, unknown>>>, frozen: number) => Math.min(frozen, Math.ceil((outputs.render?.durationSeconds as number | undefined) ?? 0) * input.pricePerSecond) }),
  };
}

export function createAvatarRenderPipeline(deps: Deps): PipelineDefinition<AvatarJobInput> {
  return renderPipeline(deps, false);
}

export function createAvatarPreviewPipeline(deps: Deps): PipelineDefinition<AvatarJobInput> {
  return renderPipeline(deps, true);
}

export function createAvatarFacesPipeline(deps: Deps): PipelineDefinition<AvatarFacesJobInput> {
  return {
    stages: [
      fetchStage(deps, ((input: AvatarFacesJobInput) => [input.photo]) as (input: never) => AvatarUploadRef[]) as StageDefinition<AvatarFacesJobInput>,
      {
        name: 'faces',
        weight: 4,
        async run({ input, files, signal }) {
          const found = await deps.avatarEngines.findFaces({ imageFile: await files.path(input.photo.file), signal });
          if (!found.faces.length) throw new DomainError(ErrorCode.AVATAR_NO_FACE, { scene: 1 });
          // Each face's portrait check (what blocks, what only warns, and advice in both languages): shown before anything is charged.
          const faces = found.faces.map(({ measures, ...face }) => ({ ...face, ...(measures ? { check: assessPortrait(measures) } : {}) }));
          return { width: found.width, height: found.height, faces };
        },
      },
    ],
    result(input, outputs) {
      return { uploadId: input.photo.uploadId, width: outputs.faces?.width ?? null, height: outputs.faces?.height ?? null, faces: outputs.faces?.faces ?? [] };
    },
  };
}
