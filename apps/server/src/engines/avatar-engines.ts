import { ErrorCode } from '@voxwork/contract';
import { probeMedia } from '@voxwork/media';
import { DomainError, type AnimatorOffer, type AvatarEngines, type AvatarRenderScene } from '@voxwork/core/engines';
import {
  AVATAR_EXPRESSIONS,
  composeVideo,
  EngineError,
  EngineInputError,
  ILLUSTRATED_AVATAR_ENGINE_ID,
  ILLUSTRATED_AVATARS,
  findIllustratedAvatar,
  measurePortraitFile,
  type Animator,
  type CompositorScene,
  type EngineWarning,
  type ResolvedEngines,
  type SubjectPlacement,
} from '@voxwork/engines';

/** Engine failures the user cannot fix become catalogue errors; retryable ones stay retryable; cancellation stays cancellation. */
function asDomainError(error: unknown, engineId: string, scene?: number): unknown {
  if (error instanceof DomainError) return error;
  if (error instanceof EngineError) {
    if (error.code === 'aborted') return error;
    if (error instanceof EngineInputError && error.reason === 'no-face') return new DomainError(ErrorCode.AVATAR_NO_FACE, { scene: scene ?? 1 }, { cause: error });
    if (error instanceof EngineInputError && error.reason === 'face-too-small') return new DomainError(ErrorCode.AVATAR_FACE_TOO_SMALL, { scene: scene ?? 1 }, { cause: error });
    return new DomainError(ErrorCode.ENGINE_UNAVAILABLE, { engine: engineId }, { isRetryable: error.isRetryable, cause: error });
  }
  return error;
}

const warningText = (warning: EngineWarning) =>
  warning.type === 'other' ? warning.message : `${'option' in warning ? warning.option : warning.output}: ${'details' in warning ? (warning.details ?? warning.type) : warning.type}`;

/** Where a speaker stands in the frame: an avatar's own framing moved left or right; a photo fills the frame or stands as a bust. */
function placementOf(scene: AvatarRenderScene): SubjectPlacement {
  if (scene.placement === 'fill') return 'fill';
  const framing = scene.subject.kind === 'illustrated' ? (findIllustratedAvatar(scene.subject.avatarId)?.defaultFraming ?? { x: 0.5, bottom: 1, height: 0.85 }) : { x: 0.5, bottom: 1, height: 0.9 };
  const x = scene.placement === 'left' ? 0.3 : scene.placement === 'right' ? 0.7 : framing.x;
  return { ...framing, x };
}

/** A logo's top-left corner for a corner of the frame (a margin of 3 %, 14 % of the width). */
function logoAt(corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right') {
  const width = 0.14;
  return { x: corner.endsWith('left') ? 0.03 : 1 - 0.03 - width, y: corner.startsWith('top') ? 0.04 : 0.84, width };
}

/**
 * AI avatar video's engines over the registry (`AvatarEngines`, the port in core): the built-in
 * illustrated avatars, the selected animators that make a photo speak (the local talking photo,
 * or a configured neural lip-sync server), the first selected face tracker, and the compositor.
 */
export function createAvatarEngines({ engines }: { engines: ResolvedEngines }): AvatarEngines {
  const photoAnimators = () => engines.descriptors('animator').filter((descriptor) => descriptor.id !== ILLUSTRATED_AVATAR_ENGINE_ID);
  return {
    avatars() {
      return ILLUSTRATED_AVATARS.map((avatar) => ({ id: avatar.id, names: avatar.names, descriptions: avatar.description, expressions: [...AVATAR_EXPRESSIONS] }));
    },

    animators(): AnimatorOffer[] {
      return photoAnimators().map((descriptor) => ({ id: descriptor.id, name: descriptor.displayName, location: descriptor.location, description: descriptor.description, tier: descriptor.location === 'remote' ? 'premium' : 'basic' }));
    },

    async findFaces({ imageFile, signal }) {
      const descriptor = engines.descriptors('face-tracker')[0];
      if (!descriptor) throw new DomainError(ErrorCode.ENGINE_UNAVAILABLE, { engine: 'face-tracker' });
      try {
        const tracker = await engines.getById('face-tracker', descriptor.id);
        const result = await tracker.doTrack({ input: { imageFile }, ...(signal ? { signal } : {}) });
        const faces = [...result.faces].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
        const picture = await probeMedia(imageFile, signal ? { signal } : {});
        // The talking photo's measures of each face, from the tracker's 68 landmarks (other layouts go unmeasured).
        const measured = result.landmarkLayout === '68-point' && faces.every((face) => face.landmarks.length === 68) ? await measurePortraitFile(imageFile, faces) : [];
        return { width: picture.video?.width ?? 0, height: picture.video?.height ?? 0, faces: faces.map((face, index) => ({ box: { ...face.box }, confidence: face.confidence, ...(measured[index] ? { measures: measured[index] } : {}) })) };
      } catch (error) {
        throw asDomainError(error, descriptor.id);
      }
    },

    async render(request) {
      const illustrated = await engines.getById('animator', ILLUSTRATED_AVATAR_ENGINE_ID);
      let photoAnimator: Animator | undefined;
      if (request.scenes.some((scene) => scene.subject.kind === 'photo')) {
        if (!photoAnimators().some((descriptor) => descriptor.id === request.animatorId)) throw new DomainError(ErrorCode.AVATAR_ANIMATOR_UNAVAILABLE, { animator: request.animatorId });
        photoAnimator = await engines.getById('animator', request.animatorId);
      }
      const scenes: CompositorScene[] = request.scenes.map((scene) => ({
        background: scene.background.kind === 'colour' ? { kind: 'color', color: scene.background.colour } : scene.background.kind === 'image' ? { kind: 'image', file: scene.background.file } : { kind: 'video', file: scene.background.file },
        subject: {
          animator: scene.subject.kind === 'photo' ? photoAnimator! : illustrated,
          source: scene.subject.kind === 'photo' ? { imageFile: scene.subject.imageFile, ...(scene.subject.face ? { face: scene.subject.face } : {}) } : { avatarId: scene.subject.avatarId, expression: scene.subject.expression },
          placement: placementOf(scene),
        },
        audioFile: scene.audioFile,
        words: scene.words.map((word, index) => ({ text: word.text, startSeconds: word.startSeconds, endSeconds: word.endSeconds, charStart: index, charEnd: index + 1 })),
        captions: request.captions.enabled,
        ...(scene.title ? { texts: [{ text: scene.title, x: 0.5, y: request.captions.position === 'top' ? 0.88 : 0.1, bold: true, box: 'rgba(0,0,0,0.45)' }] } : {}),
        ...(request.logo ? { logo: { file: request.logo.file, ...logoAt(request.logo.corner) } } : {}),
      }));
      const shape = request.width === request.height ? '1:1' : request.width > request.height ? '16:9' : '9:16';
      try {
        const result = await composeVideo({
          scenes,
          layout: shape,
          resolution: Math.min(request.width, request.height),
          frameRate: request.frameRate,
          captionStyle: {
            color: request.captions.textColor,
            box: request.captions.look === 'box' ? 'rgba(0,0,0,0.6)' : null,
            outline: request.captions.look === 'outline' ? { color: '#101010', width: Math.max(2, Math.round((Math.min(request.width, request.height) * 0.055) / 8)) } : null,
            position: request.captions.position,
          },
          outputFile: request.outputFile,
          ...(request.previewSeconds ? { previewSeconds: request.previewSeconds } : {}),
          ...(request.signal ? { signal: request.signal } : {}),
          ...(request.onProgress ? { onProgress: request.onProgress } : {}),
        });
        return { durationSeconds: result.durationSeconds, captions: result.captions.map((cue) => ({ start: cue.startSeconds, end: cue.endSeconds, text: cue.text })), warnings: result.warnings.map(warningText) };
      } catch (error) {
        throw asDomainError(error, request.animatorId || ILLUSTRATED_AVATAR_ENGINE_ID);
      }
    },
  };
}
