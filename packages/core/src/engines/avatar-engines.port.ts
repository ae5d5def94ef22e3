/**
 * What AI avatar video needs from the engine layer, in product terms: the built-in illustrated
 * avatars, the animators that make a photo speak, the faces in a photo, and the render of scenes
 * into one video (speaker, background, captions, overlays). apps/server implements it over the
 * engine registry and the avatar compositor (`apps/server/src/engines/avatar-engines.ts`); where
 * things stand in the frame and what an animator costs are core's (`avatar/avatar-layout.ts`).
 */
import type { PortraitMeasures } from '@voxwork/contract';
import type { SpokenWord } from './speech-engines.port.ts';

/** Where a speaker stands, in fractions of the frame: its centre, its bottom edge and its height. */
export interface AvatarFraming {
  x: number;
  bottom: number;
  height: number;
}

/** A speaker's place in the frame (`avatar/avatar-layout.ts` decides it): a framing, or filling the frame. */
export type FramedPlacement = AvatarFraming | 'fill';

export interface AvatarDescription {
  id: string;
  names: { en: string; zh: string };
  descriptions: { en: string; zh: string };
  expressions: string[];
  /** How the avatar is framed when it stands in the centre (drawn for it). */
  framing?: AvatarFraming | undefined;
}

export interface AnimatorOffer {
  id: string;
  name: string;
  /** Prices follow it (`avatar/avatar-layout.ts`, `animatorTier`). */
  location: 'local' | 'remote';
  description: string;
}

export interface FoundFace {
  box: { x: number; y: number; width: number; height: number };
  confidence: number;
  /** What a talking photo needs from the face (size, tilt, turn, lips, light), when the finder gives 68 landmarks. */
  measures?: PortraitMeasures | undefined;
}

export interface AvatarRenderScene {
  subject: { kind: 'illustrated'; avatarId: string; expression: string } | { kind: 'photo'; imageFile: string; face?: FoundFace['box'] | undefined };
  /** The scene's speech (WAV) and, when it was synthesised, its words' times (captions, mouth shapes). */
  audioFile: string;
  words: SpokenWord[];
  background: { kind: 'colour'; colour: string } | { kind: 'image'; file: string } | { kind: 'video'; file: string };
  placement: FramedPlacement;
  /** A title drawn at a point of the frame (its centre). */
  title?: { text: string; x: number; y: number } | undefined;
}

export interface AvatarRenderRequest {
  scenes: AvatarRenderScene[];
  width: number;
  height: number;
  frameRate: number;
  captions: { enabled: boolean; textColor: string; look: 'outline' | 'box'; position: 'bottom' | 'top' };
  /** A logo's top-left corner and width, in fractions of the frame. */
  logo?: { file: string; x: number; y: number; width: number } | undefined;
  /** The animator for photo subjects. */
  animatorId: string;
  outputFile: string;
  /** Only the first this many seconds (the free preview). */
  previewSeconds?: number | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((percent: number) => void) | undefined;
}

export interface AvatarEngines {
  avatars(): AvatarDescription[];
  animators(): AnimatorOffer[];
  /** Faces in a photo, largest first. */
  findFaces(request: { imageFile: string; signal?: AbortSignal | undefined }): Promise<{ width: number; height: number; faces: FoundFace[] }>;
  /** The scenes rendered into one MP4 (H.264 + AAC); the captions shown, with their times. */
  render(request: AvatarRenderRequest): Promise<{ durationSeconds: number; captions: Array<{ start: number; end: number; text: string }>; warnings: string[] }>;
}
