/**
 * The talking photo's check of a portrait, before anything is charged: each measure of the chosen
 * face (from the face finder's landmarks and pixels, `measurePortrait` in @voxwork/engines) gets a
 * verdict and advice in both languages. Only what the animation cannot work with blocks (the face
 * far too small to move its lips); a tilted or turned head, parted lips and poor light only warn:
 * the video is still made if the person goes on, it just looks worse.
 */
import type { LocalizedText } from '../error-codes.ts';

export interface PortraitMeasures {
  /** The face box against the photo (the larger of width and height shares), 0–1. */
  faceShare: number;
  /** The face box's width in the photo's pixels. */
  faceWidthPixels: number;
  /** The eye line's angle, degrees (+ leaning to the picture's right). */
  rollDegrees: number;
  /** About how far the head is turned, degrees (0 facing the camera). */
  yawDegrees: number;
  /** Inner lips' gap against the face's height (0 closed). */
  mouthOpen: number;
  /** Mean luma 0–255 of the face, and its standard deviation. */
  brightness: number;
  contrast: number;
}

export type PortraitCheckKind = 'face-size' | 'tilt' | 'turn' | 'mouth' | 'lighting';
export type PortraitVerdict = 'ok' | 'warn' | 'block';

export interface PortraitCheck {
  kind: PortraitCheckKind;
  verdict: PortraitVerdict;
  /** The measured value the verdict comes from (a share in %, degrees, a ratio in %, a luma), rounded. */
  value: number;
  /** What was found and what would work better (or that it is fine). */
  advice: LocalizedText;
}

export interface PortraitAssessment {
  /** The worst of the checks' verdicts: `block` stops the video, `warn` lets it go on. */
  verdict: PortraitVerdict;
  checks: PortraitCheck[];
}

/** Where a measure stops being fine (warn) or usable (block). */
export const PORTRAIT_LIMITS = {
  /** The face's share of the photo: below `warn` the face is small in the video, below `block` (or narrower than `blockPixels`) there is too little face to move. */
  faceShare: { warn: 0.15, block: 0.05 },
  faceBlockPixels: 40,
  /** Head tilt and turn, degrees. */
  rollDegrees: 10,
  yawDegrees: 25,
  /** Lips apart: inner gap over face height. */
  mouthOpen: 0.06,
  /** Face luma: darker than `dark`, brighter than `bright`, flatter than `flat` (standard deviation). */
  brightness: { dark: 60, bright: 190 },
  flatContrast: 15,
} as const;

const round = (value: number, places = 0) => Math.round(value * 10 ** places) / 10 ** places;

function faceSize(m: PortraitMeasures): PortraitCheck {
  const percent = round(m.faceShare * 100);
  if (m.faceShare < PORTRAIT_LIMITS.faceShare.block || m.faceWidthPixels < PORTRAIT_LIMITS.faceBlockPixels) {
    return {
      kind: 'face-size',
      verdict: 'block',
      value: percent,
      advice: {
        en: `The face is far too small (${percent} % of the photo, ${Math.round(m.faceWidthPixels)} px wide) to move its lips. Crop the photo close around the face, or choose a photo where the face fills about a third of it.`,
        zh: `人脸太小（占照片的 ${percent}%，宽 ${Math.round(m.faceWidthPixels)} 像素），无法让嘴唇动起来。请把照片裁剪到人脸附近，或选择人脸约占画面三分之一的照片。`,
      },
    };
  }
  if (m.faceShare < PORTRAIT_LIMITS.faceShare.warn) {
    return {
      kind: 'face-size',
      verdict: 'warn',
      value: percent,
      advice: {
        en: `The face is small (${percent} % of the photo): it will be small in the video too. A photo cropped to head and shoulders works better.`,
        zh: `人脸较小（占照片的 ${percent}%），视频中也会显得很小。裁剪到头部和肩部的照片效果更好。`,
      },
    };
  }
  return { kind: 'face-size', verdict: 'ok', value: percent, advice: { en: `Face size is good (${percent} % of the photo).`, zh: `人脸大小合适（占照片的 ${percent}%）。` } };
}

function tilt(m: PortraitMeasures): PortraitCheck {
  const degrees = round(Math.abs(m.rollDegrees));
  if (degrees > PORTRAIT_LIMITS.rollDegrees) {
    return {
      kind: 'tilt',
      verdict: 'warn',
      value: round(m.rollDegrees),
      advice: {
        en: `The head is tilted ${degrees}° to one side: the mouth will open at a slant. Straighten the photo so the eyes are level, or choose one with the head upright.`,
        zh: `头部向一侧倾斜了 ${degrees}°，嘴巴会斜着张开。请把照片转正，让双眼保持水平，或选择头部端正的照片。`,
      },
    };
  }
  return { kind: 'tilt', verdict: 'ok', value: round(m.rollDegrees), advice: { en: `The head is upright (${degrees}° tilt).`, zh: `头部端正（倾斜 ${degrees}°）。` } };
}

function turn(m: PortraitMeasures): PortraitCheck {
  const degrees = round(Math.abs(m.yawDegrees));
  if (degrees > PORTRAIT_LIMITS.yawDegrees) {
    return {
      kind: 'turn',
      verdict: 'warn',
      value: round(m.yawDegrees),
      advice: {
        en: `The face is turned about ${degrees}° away from the camera: the far side of the mouth will look stretched. A photo facing the camera works better.`,
        zh: `脸部偏离镜头约 ${degrees}°，远侧的嘴角会显得被拉伸。正对镜头的照片效果更好。`,
      },
    };
  }
  return { kind: 'turn', verdict: 'ok', value: round(m.yawDegrees), advice: { en: `The face looks towards the camera (about ${degrees}° turned).`, zh: `脸部朝向镜头（偏转约 ${degrees}°）。` } };
}

function mouth(m: PortraitMeasures): PortraitCheck {
  const percent = round(m.mouthOpen * 100);
  if (m.mouthOpen > PORTRAIT_LIMITS.mouthOpen) {
    return {
      kind: 'mouth',
      verdict: 'warn',
      value: percent,
      advice: {
        en: 'The mouth is open in the photo (a smile with teeth, or parted lips): speech can only open it further, and the inside is drawn in. A photo with the lips closed and a relaxed face looks more natural.',
        zh: '照片中嘴巴是张开的（露齿笑或双唇分开）：说话时只能在此基础上继续张开，口腔内部需要另行绘制。双唇闭合、表情放松的照片看起来更自然。',
      },
    };
  }
  return { kind: 'mouth', verdict: 'ok', value: percent, advice: { en: 'The lips are closed.', zh: '双唇闭合。' } };
}

function lighting(m: PortraitMeasures): PortraitCheck {
  const value = round(m.brightness);
  if (m.brightness < PORTRAIT_LIMITS.brightness.dark) {
    return {
      kind: 'lighting',
      verdict: 'warn',
      value,
      advice: { en: `The face is dark (brightness ${value} of 255): the mouth and eyes will be hard to see. A photo lit from the front works better.`, zh: `脸部偏暗（亮度 ${value}/255），嘴巴和眼睛会看不清。正面光线充足的照片效果更好。` },
    };
  }
  if (m.brightness > PORTRAIT_LIMITS.brightness.bright) {
    return {
      kind: 'lighting',
      verdict: 'warn',
      value,
      advice: { en: `The face is overexposed (brightness ${value} of 255): the lips blend into the skin. A photo with softer light works better.`, zh: `脸部过曝（亮度 ${value}/255），嘴唇会和皮肤融在一起。光线柔和的照片效果更好。` },
    };
  }
  if (m.contrast < PORTRAIT_LIMITS.flatContrast) {
    return {
      kind: 'lighting',
      verdict: 'warn',
      value,
      advice: { en: 'The face is flat and hazy (little contrast): the lips and eyes will be hard to follow. A sharper, evenly lit photo works better.', zh: '脸部发灰、对比度低，嘴唇和眼睛的动作会不明显。清晰、光线均匀的照片效果更好。' },
    };
  }
  return { kind: 'lighting', verdict: 'ok', value, advice: { en: `The face is well lit (brightness ${value} of 255).`, zh: `脸部光线良好（亮度 ${value}/255）。` } };
}

const RANK: Record<PortraitVerdict, number> = { ok: 0, warn: 1, block: 2 };

/** Each measure's verdict and advice, and the worst of them. */
export function assessPortrait(measures: PortraitMeasures): PortraitAssessment {
  const checks = [faceSize(measures), tilt(measures), turn(measures), mouth(measures), lighting(measures)];
  const verdict = checks.reduce<PortraitVerdict>((worst, check) => (RANK[check.verdict] > RANK[worst] ? check.verdict : worst), 'ok');
  return { verdict, checks };
}
