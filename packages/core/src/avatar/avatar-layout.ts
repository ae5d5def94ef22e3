/**
 * Where things stand in an avatar video's frame, in fractions of the frame: the speaker (an
 * avatar's own framing moved left or right; a photo as a bust or filling the frame), a scene's
 * title, and the logo in its corner. The compositor draws what this decides.
 */
import type { AnimatorOffer, AvatarFraming, AvatarRenderScene, FramedPlacement } from '../engines/avatar-engines.port.ts';

/** An illustrated avatar without a framing of its own. */
const AVATAR_FRAMING: AvatarFraming = { x: 0.5, bottom: 1, height: 0.85 };
/** A photo as a bust. */
const PHOTO_FRAMING: AvatarFraming = { x: 0.5, bottom: 1, height: 0.9 };
/** Where a speaker placed left or right stands (its centre). */
const SIDE_X = { left: 0.3, right: 0.7 } as const;

/** A logo's width and its margins from the frame's edges. */
const LOGO = { width: 0.14, marginX: 0.03, top: 0.04, bottom: 0.84 } as const;

/** Where the speaker stands: `fill`, or its framing (an avatar's own, or a photo's bust) moved left or right. */
export function subjectPlacement(placement: 'center' | 'left' | 'right' | 'fill', subject: { kind: 'illustrated'; framing?: AvatarFraming | undefined } | { kind: 'photo' }): FramedPlacement {
  if (placement === 'fill') return 'fill';
  const framing = subject.kind === 'illustrated' ? (subject.framing ?? AVATAR_FRAMING) : PHOTO_FRAMING;
  return { ...framing, x: placement === 'center' ? framing.x : SIDE_X[placement] };
}

/** A logo's top-left corner and width for a corner of the frame (a margin of 3 %, 14 % of the width). */
export function logoBox(corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'): { x: number; y: number; width: number } {
  return { x: corner.endsWith('left') ? LOGO.marginX : 1 - LOGO.marginX - LOGO.width, y: corner.startsWith('top') ? LOGO.top : LOGO.bottom, width: LOGO.width };
}

/** A scene's title, centred, on the side of the frame the captions leave free. */
export function titleAt(text: string, captionsPosition: 'bottom' | 'top'): NonNullable<AvatarRenderScene['title']> {
  return { text, x: 0.5, y: captionsPosition === 'top' ? 0.88 : 0.1 };
}

/** The price tier of a video whose photos an animator brings to life: remote (neural) animators cost more. */
export function animatorTier(animator: Pick<AnimatorOffer, 'location'> | undefined): 'basic' | 'premium' {
  return animator?.location === 'remote' ? 'premium' : 'basic';
}
