/**
 * What AI avatar video needs from the engine layer, in product terms: the built-in illustrated
 * avatars, the animators that make a photo speak, the faces in a photo, and the render of scenes
 * into one video (speaker, background, captions, overlays). apps/server implements it over the
 * engine registry and the avatar compositor (`apps/server/src/engines/avatar-engines.ts`).
 */
import type { PortraitMeasures } from '@voxwork/contract';
import type { SpokenWord } from './speech-engines.port.ts';

export interface AvatarDescription {
  id: string;
  names: { en: string; zh: string };
  descriptions: { en: string; zh: string };
  expressions: string[];
}

export interface AnimatorOffer {
  id: string;
  name: string;
  location: 'local' | 'remote';
  description: string;
  /** Remote neural animators cost more (the price table's premium tier). */
  tier: 'basic' | 'premium';
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
  placement: 'center' | 'left' | 'right' | 'fill';
  title?: string | undefined;
}

export interface AvatarRenderRequest {
  scenes: AvatarRenderScene[];
  width: number;
  height: number;
  frameRate: number;
  captions: { enabled: boolean; textColor: string; look: 'outline' | 'box'; position: 'bottom' | 'top' };
  logo?: { file: string; corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' } | undefined;
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
