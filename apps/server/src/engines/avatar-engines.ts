import { probeMedia } from '@voxwork/media';
import { EngineFailure, type AnimatorOffer, type AvatarEngines } from '@voxwork/core/engines';
import {
  AVATAR_EXPRESSIONS,
  composeVideo,
  ILLUSTRATED_AVATAR_ENGINE_ID,
  ILLUSTRATED_AVATARS,
  measurePortraitFile,
  type Animator,
  type CompositorScene,
  type EngineWarning,
  type ResolvedEngines,
} from '@voxwork/engines';
import { asEngineFailure } from './engine-failure.ts';

const warningText = (warning: EngineWarning) =>
  warning.type === 'other' ? warning.message : `${'option' in warning ? warning.option : warning.output}: ${'details' in warning ? (warning.details ?? warning.type) : warning.type}`;

/**
 * AI avatar video's engines over the registry (`AvatarEngines`, the port in core): the built-in
 * illustrated avatars, the selected animators that make a photo speak (the local talking photo,
 * or a configured neural lip-sync server), the first selected face tracker, and the compositor.
 */
export function createAvatarEngines({ engines }: { engines: ResolvedEngines }): AvatarEngines {
  const photoAnimators = () => engines.descriptors('animator').filter((descriptor) => descriptor.id !== ILLUSTRATED_AVATAR_ENGINE_ID);
  return {
    avatars() {
      return ILLUSTRATED_AVATARS.map((avatar) => ({ id: avatar.id, names: avatar.names, descriptions: avatar.description, expressions: [...AVATAR_EXPRESSIONS], framing: { ...avatar.defaultFraming } }));
    },

    animators(): AnimatorOffer[] {
      return photoAnimators().map((descriptor) => ({ id: descriptor.id, name: descriptor.displayName, location: descriptor.location, description: descriptor.description }));
    },

    async findFaces({ imageFile, signal }) {
      const descriptor = engines.descriptors('face-tracker')[0];
      if (!descriptor) throw new EngineFailure('no face tracker is selected', { reason: 'engine-failed', engineId: 'face-tracker', isRetryable: false });
      try {
        const tracker = await engines.getById('face-tracker', descriptor.id);
        const result = await tracker.doTrack({ input: { imageFile }, ...(signal ? { signal } : {}) });
        const faces = [...result.faces].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
        const picture = await probeMedia(imageFile, signal ? { signal } : {});
        // The talking photo's measures of each face, from the tracker's 68 landmarks (other layouts go unmeasured).
        const measured = result.landmarkLayout === '68-point' && faces.every((face) => face.landmarks.length === 68) ? await measurePortraitFile(imageFile, faces) : [];
        return { width: picture.video?.width ?? 0, height: picture.video?.height ?? 0, faces: faces.map((face, index) => ({ box: { ...face.box }, confidence: face.confidence, ...(measured[index] ? { measures: measured[index] } : {}) })) };
      } catch (error) {
        throw asEngineFailure(error, descriptor.id);
      }
    },

    async render(request) {
      const illustrated = await engines.getById('animator', ILLUSTRATED_AVATAR_ENGINE_ID);
      let photoAnimator: Animator | undefined;
      // Core asks only for an animator it was offered (`animators()`).
      if (request.scenes.some((scene) => scene.subject.kind === 'photo')) photoAnimator = await engines.getById('animator', request.animatorId);
      const scenes: CompositorScene[] = request.scenes.map((scene) => ({
        background: scene.background.kind === 'colour' ? { kind: 'color', color: scene.background.colour } : scene.background.kind === 'image' ? { kind: 'image', file: scene.background.file } : { kind: 'video', file: scene.background.file },
        subject: {
          animator: scene.subject.kind === 'photo' ? photoAnimator! : illustrated,
          source: scene.subject.kind === 'photo' ? { imageFile: scene.subject.imageFile, ...(scene.subject.face ? { face: scene.subject.face } : {}) } : { avatarId: scene.subject.avatarId, expression: scene.subject.expression },
          placement: scene.placement,
        },
        audioFile: scene.audioFile,
        words: scene.words.map((word, index) => ({ text: word.text, startSeconds: word.startSeconds, endSeconds: word.endSeconds, charStart: index, charEnd: index + 1 })),
        captions: request.captions.enabled,
        ...(scene.title ? { texts: [{ text: scene.title.text, x: scene.title.x, y: scene.title.y, bold: true, box: 'rgba(0,0,0,0.45)' }] } : {}),
        ...(request.logo ? { logo: { ...request.logo } } : {}),
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
        throw asEngineFailure(error, request.animatorId || ILLUSTRATED_AVATAR_ENGINE_ID);
      }
    },
  };
}
