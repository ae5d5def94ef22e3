/**
 * Draws an illustrated avatar in layered vector parts on a 2D canvas, in a 1000 × 1000 design
 * space (the head's centre near (500, 430), the shoulders reaching the bottom edge): hair behind,
 * body and outfit, neck, ears, head, cheeks, eyes (with lids for blinks), brows (by expression),
 * nose, beard, mouth (by the mouth pose: viseme, opening, spread), hair in front, glasses. Flat
 * shapes with one shade each: a friendly flat-illustration style.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { MouthPose } from '../mouth-track.ts';
import type { AvatarExpression, AvatarLook, IllustratedAvatar } from './avatar-catalog.ts';

export const DESIGN_SIZE = 1000;

export interface AvatarPose {
  mouth: MouthPose;
  expression: AvatarExpression;
  /** 0 eyes open … 1 closed. */
  blink: number;
  /** Head tilt in degrees (positive: clockwise). */
  tilt: number;
  /** Head lift in design units (negative: up). */
  nod: number;
  /** −1 … 1: breathing out … in (the shoulders rise). */
  breath: number;
}

export const RESTING_POSE: AvatarPose = { mouth: { open: 0, spread: 0, viseme: 'rest' }, expression: 'neutral', blink: 0, tilt: 0, nod: 0, breath: 0 };

type Ctx = SKRSContext2D;
const CX = 500;
const FACE_TOP = 232;
const CHIN = 616;
const EYE_Y = 440;
const EYE_DX = 64;
const MOUTH_Y = 556;
const NECK_PIVOT = { x: 500, y: 660 };
const SHOULDER_LIFT = 24;

/** The avatar in pose `pose`, on `ctx` already scaled to the design space. */
export function drawAvatar(ctx: Ctx, avatar: IllustratedAvatar, pose: AvatarPose): void {
  const look = avatar.look;
  const breathLift = -5 * pose.breath;
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';

  // Head group transform (hair behind moves with the head).
  const headTransform = () => {
    ctx.translate(NECK_PIVOT.x, NECK_PIVOT.y + pose.nod + breathLift * 0.6);
    ctx.rotate((pose.tilt * Math.PI) / 180);
    ctx.translate(-NECK_PIVOT.x, -NECK_PIVOT.y);
  };

  ctx.save();
  headTransform();
  hairBack(ctx, look);
  ctx.restore();

  ctx.save();
  ctx.translate(0, breathLift * 0.4);
  neck(ctx, look);
  ctx.restore();

  ctx.save();
  // The shoulders sit a little high: a shorter neck reads friendlier.
  ctx.translate(0, breathLift - SHOULDER_LIFT);
  body(ctx, look);
  ctx.restore();

  ctx.save();
  headTransform();
  ears(ctx, look);
  ctx.fillStyle = look.skin;
  facePath(ctx, look);
  ctx.fill();
  cheeks(ctx, look, pose.expression);
  if (look.ageLines) ageLines(ctx, look);
  eyes(ctx, look, pose);
  brows(ctx, look, pose.expression);
  nose(ctx, look);
  if (look.beard) beard(ctx, look);
  mouth(ctx, look, pose);
  if (look.beard) moustache(ctx, look, pose);
  hairFront(ctx, look);
  if (look.glasses) glasses(ctx, look);
  ctx.restore();

  ctx.restore();
}

function facePath(ctx: Ctx, look: AvatarLook, grow = 0): void {
  const w = look.faceWidth + grow;
  const jaw = look.jaw;
  const top = FACE_TOP - grow;
  const chin = CHIN + grow;
  ctx.beginPath();
  ctx.moveTo(CX, top);
  ctx.bezierCurveTo(CX + w * 0.62, top, CX + w, top + 72, CX + w, 420);
  ctx.bezierCurveTo(CX + w, 492, CX + w * 0.9 * jaw, 548, CX + w * 0.56 * jaw, 592);
  ctx.bezierCurveTo(CX + w * 0.36, chin - 6, CX + w * 0.18, chin, CX, chin);
  ctx.bezierCurveTo(CX - w * 0.18, chin, CX - w * 0.36, chin - 6, CX - w * 0.56 * jaw, 592);
  ctx.bezierCurveTo(CX - w * 0.9 * jaw, 548, CX - w, 492, CX - w, 420);
  ctx.bezierCurveTo(CX - w, top + 72, CX - w * 0.62, top, CX, top);
  ctx.closePath();
}

function ears(ctx: Ctx, look: AvatarLook): void {
  const w = look.faceWidth;
  for (const side of [-1, 1]) {
    const x = CX + side * (w - 4);
    ctx.fillStyle = look.skin;
    ctx.beginPath();
    ctx.ellipse(x, 452, 28, 42, side * 0.15, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = look.skinShade;
    ctx.lineWidth = 6;
    ctx.beginPath();
    ctx.arc(x + side * 2, 452, 16, side > 0 ? -Math.PI / 2 : Math.PI / 2, side > 0 ? Math.PI / 2 : (3 * Math.PI) / 2);
    ctx.stroke();
    if (look.earrings) {
      ctx.fillStyle = look.earrings.color;
      ctx.strokeStyle = look.earrings.color;
      if (look.earrings.style === 'hoop') {
        ctx.lineWidth = 6;
        ctx.beginPath();
        ctx.arc(x + side * 4, 510, 20, 0, Math.PI * 2);
        ctx.stroke();
      } else {
        ctx.beginPath();
        ctx.arc(x + side * 4, 492, 8, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }
}

function neck(ctx: Ctx, look: AvatarLook): void {
  ctx.fillStyle = look.skin;
  ctx.beginPath();
  ctx.moveTo(CX - 50, 540);
  ctx.lineTo(CX + 50, 540);
  ctx.bezierCurveTo(CX + 48, 640, CX + 54, 700, CX + 70, 740);
  ctx.lineTo(CX - 70, 740);
  ctx.bezierCurveTo(CX - 54, 700, CX - 48, 640, CX - 50, 540);
  ctx.closePath();
  ctx.fill();
  // The jaw's shadow on the neck.
  ctx.fillStyle = look.skinShade;
  ctx.beginPath();
  ctx.moveTo(CX - 52, 560);
  ctx.bezierCurveTo(CX - 30, 640, CX + 30, 640, CX + 52, 560);
  ctx.closePath();
  ctx.fill();
}

function shouldersPath(ctx: Ctx): void {
  ctx.beginPath();
  ctx.moveTo(95, 1010);
  ctx.bezierCurveTo(100, 860, 170, 780, 320, 748);
  ctx.bezierCurveTo(380, 736, 420, 722, 440, 712);
  ctx.quadraticCurveTo(CX, 735, 560, 712);
  ctx.bezierCurveTo(580, 722, 620, 736, 680, 748);
  ctx.bezierCurveTo(830, 780, 900, 860, 905, 1010);
  ctx.closePath();
}

function body(ctx: Ctx, look: AvatarLook): void {
  ctx.fillStyle = look.outfit;
  shouldersPath(ctx);
  ctx.fill();
  // Sleeve seams: a hint of arms.
  ctx.strokeStyle = look.outfitShade;
  ctx.lineWidth = 6;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(CX + side * 300, 800);
    ctx.bezierCurveTo(CX + side * 270, 860, CX + side * 262, 930, CX + side * 265, 1010);
    ctx.stroke();
  }
  switch (look.neckline) {
    case 'blazer': {
      // A top inside, lapels either side.
      ctx.fillStyle = look.outfitAccent;
      ctx.beginPath();
      ctx.moveTo(CX - 70, 716);
      ctx.lineTo(CX + 70, 716);
      ctx.lineTo(CX + 40, 1010);
      ctx.lineTo(CX - 40, 1010);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = look.skin;
      ctx.beginPath();
      ctx.moveTo(CX - 66, 712);
      ctx.quadraticCurveTo(CX, 800, CX + 66, 712);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = look.outfitShade;
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(CX + side * 74, 712);
        ctx.lineTo(CX + side * 140, 790);
        ctx.lineTo(CX + side * 110, 812);
        ctx.lineTo(CX + side * 150, 840);
        ctx.lineTo(CX + side * 48, 1010);
        ctx.lineTo(CX + side * 40, 1010);
        ctx.closePath();
        ctx.fill();
      }
      break;
    }
    case 'collar':
    case 'cardigan': {
      if (look.neckline === 'cardigan') {
        // A shirt in a V, the cardigan's edges with buttons.
        ctx.fillStyle = look.outfitAccent;
        ctx.beginPath();
        ctx.moveTo(CX - 72, 712);
        ctx.lineTo(CX + 72, 712);
        ctx.lineTo(CX, 900);
        ctx.closePath();
        ctx.fill();
        ctx.strokeStyle = look.outfitShade;
        ctx.lineWidth = 10;
        ctx.beginPath();
        ctx.moveTo(CX - 76, 714);
        ctx.lineTo(CX, 905);
        ctx.lineTo(CX + 76, 714);
        ctx.moveTo(CX, 905);
        ctx.lineTo(CX, 1010);
        ctx.stroke();
        ctx.fillStyle = '#efe6d8';
        for (const y of [935, 985]) {
          ctx.beginPath();
          ctx.arc(CX + 14, y, 7, 0, Math.PI * 2);
          ctx.fill();
        }
      } else {
        ctx.strokeStyle = look.outfitShade;
        ctx.lineWidth = 6;
        ctx.beginPath();
        ctx.moveTo(CX, 740);
        ctx.lineTo(CX, 1010);
        ctx.stroke();
        ctx.fillStyle = look.outfitShade;
        for (const y of [800, 880, 960]) {
          ctx.beginPath();
          ctx.arc(CX + 14, y, 6, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      // Shirt collar points.
      const collar = look.neckline === 'cardigan' ? look.outfitAccent : look.outfitAccent === look.outfitShade ? look.outfit : look.outfitAccent;
      ctx.fillStyle = collar;
      ctx.strokeStyle = look.neckline === 'cardigan' ? '#9fb8d0' : look.outfitShade;
      ctx.lineWidth = 5;
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(CX + side * 58, 690);
        ctx.lineTo(CX + side * 4, 752);
        ctx.lineTo(CX + side * 36, 790);
        ctx.lineTo(CX + side * 96, 722);
        ctx.closePath();
        ctx.fill();
        ctx.stroke();
      }
      break;
    }
    case 'scoop': {
      ctx.fillStyle = look.skin;
      ctx.beginPath();
      ctx.moveTo(CX - 110, 716);
      ctx.quadraticCurveTo(CX, 850, CX + 110, 716);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = look.outfitShade;
      ctx.lineWidth = 10;
      ctx.beginPath();
      ctx.moveTo(CX - 112, 714);
      ctx.quadraticCurveTo(CX, 852, CX + 112, 714);
      ctx.stroke();
      break;
    }
    case 'round':
    case 'crew': {
      const depth = look.neckline === 'round' ? 790 : 760;
      ctx.fillStyle = look.skin;
      ctx.beginPath();
      ctx.moveTo(CX - 78, 716);
      ctx.quadraticCurveTo(CX, depth, CX + 78, 716);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = look.outfitShade;
      ctx.lineWidth = 14;
      ctx.beginPath();
      ctx.moveTo(CX - 82, 714);
      ctx.quadraticCurveTo(CX, depth + 4, CX + 82, 714);
      ctx.stroke();
      break;
    }
    case 'hoodie': {
      // The hood lying around the neck, drawstrings.
      ctx.fillStyle = look.outfitShade;
      ctx.beginPath();
      ctx.moveTo(CX - 150, 730);
      ctx.bezierCurveTo(CX - 120, 690, CX + 120, 690, CX + 150, 730);
      ctx.bezierCurveTo(CX + 130, 800, CX - 130, 800, CX - 150, 730);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = look.skin;
      ctx.beginPath();
      ctx.moveTo(CX - 72, 712);
      ctx.quadraticCurveTo(CX, 770, CX + 72, 712);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = look.outfitAccent;
      ctx.lineWidth = 7;
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(CX + side * 40, 770);
        ctx.quadraticCurveTo(CX + side * 48, 840, CX + side * 40, 900);
        ctx.stroke();
      }
      break;
    }
  }
}

function cheeks(ctx: Ctx, look: AvatarLook, expression: AvatarExpression): void {
  ctx.fillStyle = look.blush;
  const scale = expression === 'happy' ? 1.2 : expression === 'serious' ? 0.7 : 1;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(CX + side * 94, 520, 30 * scale, 17 * scale, 0, 0, Math.PI * 2);
    ctx.fill();
  }
}

function ageLines(ctx: Ctx, look: AvatarLook): void {
  ctx.strokeStyle = look.skinShade;
  ctx.lineWidth = 4;
  for (const side of [-1, 1]) {
    const x = CX + side * EYE_DX;
    for (const dy of [-8, 4]) {
      ctx.beginPath();
      ctx.moveTo(x + side * 40, EYE_Y + dy);
      ctx.lineTo(x + side * 54, EYE_Y + dy + (dy < 0 ? -6 : 6));
      ctx.stroke();
    }
    // Smile lines beside the mouth.
    ctx.beginPath();
    ctx.moveTo(CX + side * 60, 512);
    ctx.quadraticCurveTo(CX + side * 78, 548, CX + side * 62, 582);
    ctx.stroke();
  }
}

function eyes(ctx: Ctx, look: AvatarLook, pose: AvatarPose): void {
  const happy = pose.expression === 'happy';
  const serious = pose.expression === 'serious';
  // Happy eyes squint a little from below; serious ones narrow from above.
  const openness = Math.max(0, 1 - pose.blink) * (happy ? 0.82 : serious ? 0.86 : 1);
  for (const side of [-1, 1]) {
    const x = CX + side * EYE_DX;
    const y = EYE_Y;
    if (openness < 0.12) {
      ctx.strokeStyle = look.brows;
      ctx.lineWidth = 6;
      ctx.beginPath();
      ctx.moveTo(x - 26, y + 2);
      ctx.quadraticCurveTo(x, y + 12, x + 26, y + 2);
      ctx.stroke();
      continue;
    }
    const top = 26 * openness;
    const bottom = 18 * (happy ? 0.55 : 1) * Math.max(openness, 0.4);
    const almond = () => {
      ctx.beginPath();
      ctx.moveTo(x - 28, y);
      ctx.bezierCurveTo(x - 16, y - top, x + 16, y - top, x + 28, y - 1);
      ctx.bezierCurveTo(x + 16, y + bottom, x - 16, y + bottom, x - 28, y);
      ctx.closePath();
    };
    ctx.fillStyle = '#fdfcfa';
    almond();
    ctx.fill();
    ctx.save();
    almond();
    ctx.clip();
    ctx.fillStyle = look.iris;
    ctx.beginPath();
    ctx.arc(x + side * -1, y - 2, 15, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#141014';
    ctx.beginPath();
    ctx.arc(x + side * -1, y - 2, 8, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = 'rgba(255,255,255,0.95)';
    ctx.beginPath();
    ctx.arc(x - 5, y - 8, 4.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
    // Upper lid line (lashes), flicked outward.
    ctx.strokeStyle = '#231a1a';
    ctx.lineWidth = look.lashes ? 6.5 : 5;
    ctx.beginPath();
    ctx.moveTo(x - 29, y + 1);
    ctx.bezierCurveTo(x - 16, y - top - 1, x + 16, y - top - 1, x + 29, y - 1);
    ctx.stroke();
    if (look.lashes) {
      ctx.beginPath();
      ctx.moveTo(x + side * 27, y - 2);
      ctx.lineTo(x + side * 37, y - 9);
      ctx.stroke();
    }
  }
}

function brows(ctx: Ctx, look: AvatarLook, expression: AvatarExpression): void {
  ctx.strokeStyle = look.brows;
  ctx.lineWidth = look.ageLines ? 9 : 11;
  const raise = expression === 'happy' ? -8 : 0;
  for (const side of [-1, 1]) {
    const x = CX + side * EYE_DX;
    const base = EYE_Y - 52 + raise;
    // Inner end (toward the nose) lowered for a frown.
    const inner = expression === 'serious' ? base + 10 : base + 2;
    const outer = expression === 'serious' ? base - 2 : base + 4;
    const arch = expression === 'happy' ? -12 : expression === 'serious' ? -3 : -8;
    ctx.beginPath();
    ctx.moveTo(x - side * 30, inner);
    ctx.quadraticCurveTo(x + side * 2, base + arch, x + side * 34, outer);
    ctx.stroke();
  }
}

function nose(ctx: Ctx, look: AvatarLook): void {
  ctx.strokeStyle = look.skinShade;
  ctx.lineWidth = 6;
  ctx.beginPath();
  ctx.moveTo(CX - 16, 500);
  ctx.quadraticCurveTo(CX, 512, CX + 16, 500);
  ctx.stroke();
  ctx.fillStyle = look.skinShade;
  ctx.globalAlpha = 0.35;
  ctx.beginPath();
  ctx.moveTo(CX + 4, 440);
  ctx.quadraticCurveTo(CX + 16, 478, CX + 14, 496);
  ctx.lineTo(CX + 4, 496);
  ctx.closePath();
  ctx.fill();
  ctx.globalAlpha = 1;
}

function beard(ctx: Ctx, look: AvatarLook): void {
  const beard = look.beard!;
  const w = look.faceWidth + 3;
  const jaw = look.jaw;
  const grow = beard.style === 'full' ? 26 : 12;
  ctx.fillStyle = beard.color;
  ctx.beginPath();
  // Outer edge: the jaw, a little below the chin.
  ctx.moveTo(CX - w, 430);
  ctx.bezierCurveTo(CX - w, 500, CX - w * 0.92 * jaw, 560, CX - w * 0.6 * jaw, 606 + grow * 0.4);
  ctx.bezierCurveTo(CX - w * 0.36, CHIN + grow - 4, CX - w * 0.18, CHIN + grow, CX, CHIN + grow);
  ctx.bezierCurveTo(CX + w * 0.18, CHIN + grow, CX + w * 0.36, CHIN + grow - 4, CX + w * 0.6 * jaw, 606 + grow * 0.4);
  ctx.bezierCurveTo(CX + w * 0.92 * jaw, 560, CX + w, 500, CX + w, 430);
  // Inner edge: along the cheeks down to the mouth.
  ctx.lineTo(CX + w - 18, 430);
  ctx.bezierCurveTo(CX + w - 24, 500, CX + 110, 530, CX + 70, 540);
  ctx.bezierCurveTo(CX + 40, 546, CX - 40, 546, CX - 70, 540);
  ctx.bezierCurveTo(CX - 110, 530, CX - w + 24, 500, CX - w + 18, 430);
  ctx.closePath();
  // The skin around the mouth shows through.
  ctx.moveTo(CX + 46, 566);
  ctx.ellipse(CX, 566, 46, 26, 0, 0, Math.PI * 2, true);
  ctx.fill('evenodd');
}

function moustache(ctx: Ctx, look: AvatarLook, pose: AvatarPose): void {
  const lift = pose.mouth.open * 6;
  ctx.fillStyle = look.beard!.color;
  ctx.beginPath();
  ctx.moveTo(CX, 520);
  ctx.bezierCurveTo(CX + 30, 512, CX + 62, 522, CX + 66, 548 - lift);
  ctx.bezierCurveTo(CX + 40, 538 - lift, CX + 16, 538 - lift, CX, 540 - lift);
  ctx.bezierCurveTo(CX - 16, 538 - lift, CX - 40, 538 - lift, CX - 66, 548 - lift);
  ctx.bezierCurveTo(CX - 62, 522, CX - 30, 512, CX, 520);
  ctx.closePath();
  ctx.fill();
}

/** The mouth for the pose: closed lips, teeth on lip (FV), rounded (O/U/WQ), wide (E/I), open with teeth and tongue. */
function mouth(ctx: Ctx, look: AvatarLook, pose: AvatarPose): void {
  const { open, spread, viseme } = pose.mouth;
  const smile = pose.expression === 'happy' ? 1 : pose.expression === 'serious' ? -0.25 : 0.35;
  const y = MOUTH_Y;
  const halfWidth = 36 * (spread >= 0 ? 1 + 0.32 * spread : 1 + 0.48 * spread) * (1 + 0.08 * smile);
  const corner = y - smile * 8;
  ctx.strokeStyle = look.lips;
  ctx.fillStyle = look.lips;

  if (viseme === 'MBP' || viseme === 'rest' || open < 0.06) {
    // Closed: lips pressed (a fuller line for m/b/p), curved by the expression.
    const pressed = viseme === 'MBP';
    ctx.lineWidth = pressed ? 9 : 6.5;
    ctx.beginPath();
    ctx.moveTo(CX - halfWidth, corner);
    ctx.quadraticCurveTo(CX, y + 4 + smile * 12, CX + halfWidth, corner);
    ctx.stroke();
    // A soft lower lip.
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = 5;
    ctx.beginPath();
    ctx.moveTo(CX - halfWidth * 0.45, y + 16 + smile * 5);
    ctx.quadraticCurveTo(CX, y + 22 + smile * 6, CX + halfWidth * 0.45, y + 16 + smile * 5);
    ctx.stroke();
    ctx.globalAlpha = 1;
    return;
  }

  if (viseme === 'FV') {
    // Upper teeth resting on the lower lip.
    const width = halfWidth * 0.9;
    ctx.fillStyle = '#5a2430';
    ctx.beginPath();
    ctx.moveTo(CX - halfWidth, corner);
    ctx.quadraticCurveTo(CX, y - 12, CX + halfWidth, corner);
    ctx.quadraticCurveTo(CX, y + 14, CX - halfWidth, corner);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.roundRect(CX - width * 0.8, y - 8, width * 1.6, 13, 4);
    ctx.fill();
    ctx.lineWidth = 8;
    ctx.strokeStyle = look.lips;
    ctx.beginPath();
    ctx.moveTo(CX - halfWidth * 0.9, y + 6);
    ctx.quadraticCurveTo(CX, y + 16, CX + halfWidth * 0.9, y + 6);
    ctx.stroke();
    ctx.lineWidth = 5;
    ctx.beginPath();
    ctx.moveTo(CX - halfWidth, corner);
    ctx.quadraticCurveTo(CX, y - 14, CX + halfWidth, corner);
    ctx.stroke();
    return;
  }

  const height = 6 + 52 * open;
  // Roundness follows the (continuous) spread, so the mouth morphs between shapes rather than
  // jumping: 0 is the lens of an open mouth, 1 an oval (o, u, w).
  const roundness = Math.max(viseme === 'O' || viseme === 'U' || viseme === 'WQ' ? 0.75 : 0, Math.min(1, Math.max(0, (-spread - 0.1) / 0.7)));
  const lerp = (a: number, b: number) => a + (b - a) * roundness;
  const ovalY = y + height * 0.18;
  const ovalRadius = height * 0.55 + 4;
  const cornerY = lerp(corner, ovalY);
  const upper = { x: lerp(0.5, 1) * halfWidth, y: lerp(y - height * 0.42, ovalY - (4 / 3) * ovalRadius) };
  const lower = { x: lerp(0.62, 1) * halfWidth, y: lerp(y + height * 0.95, ovalY + (4 / 3) * ovalRadius) };
  const outline = () => {
    ctx.beginPath();
    ctx.moveTo(CX - halfWidth, cornerY);
    ctx.bezierCurveTo(CX - upper.x, upper.y, CX + upper.x, upper.y, CX + halfWidth, cornerY);
    ctx.bezierCurveTo(CX + lower.x, lower.y, CX - lower.x, lower.y, CX - halfWidth, cornerY);
    ctx.closePath();
  };
  ctx.fillStyle = '#5a2430';
  outline();
  ctx.fill();
  ctx.save();
  outline();
  ctx.clip();
  const top = lerp(y - height * 0.32, ovalY - ovalRadius);
  const bottom = lerp(y + height * 0.72, ovalY + ovalRadius);
  const rounded = roundness > 0.6;
  const wide = viseme === 'E' || viseme === 'I';
  // Upper teeth (not for a tight round mouth).
  if (!(rounded && open < 0.45)) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(CX - halfWidth, top - 2, halfWidth * 2, Math.min(14, 4 + height * 0.28));
  }
  // Lower teeth for wide vowels.
  if (wide) {
    ctx.fillStyle = '#f3efe9';
    ctx.fillRect(CX - halfWidth, bottom - Math.min(10, 3 + height * 0.2), halfWidth * 2, 12);
  }
  // Tongue for open vowels.
  if (!wide && open > 0.3) {
    ctx.fillStyle = '#d46a72';
    ctx.beginPath();
    ctx.ellipse(CX, bottom - 2, halfWidth * 0.62, height * 0.32, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
  ctx.lineWidth = 5.5;
  ctx.strokeStyle = look.lips;
  outline();
  ctx.stroke();
}

function hairBack(ctx: Ctx, look: AvatarLook): void {
  ctx.fillStyle = look.hair;
  const w = look.faceWidth;
  switch (look.hairStyle) {
    case 'long-wavy': {
      ctx.beginPath();
      ctx.moveTo(CX, 196);
      ctx.bezierCurveTo(CX + 150, 190, CX + w + 60, 280, CX + w + 52, 430);
      ctx.bezierCurveTo(CX + w + 46, 520, CX + w + 90, 600, CX + w + 70, 690);
      ctx.bezierCurveTo(CX + w + 60, 760, CX + w + 90, 800, CX + w + 50, 850);
      ctx.bezierCurveTo(CX + w + 10, 880, CX + w - 30, 860, CX + w - 50, 830);
      ctx.lineTo(CX - w + 50, 830);
      ctx.bezierCurveTo(CX - w + 30, 860, CX - w - 10, 880, CX - w - 50, 850);
      ctx.bezierCurveTo(CX - w - 90, 800, CX - w - 60, 760, CX - w - 70, 690);
      ctx.bezierCurveTo(CX - w - 90, 600, CX - w - 46, 520, CX - w - 52, 430);
      ctx.bezierCurveTo(CX - w - 60, 280, CX - 150, 190, CX, 196);
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'afro': {
      ctx.beginPath();
      const cx = CX;
      const cy = 340;
      const bumps = 22;
      for (let index = 0; index <= bumps; index++) {
        const angle = (index / bumps) * Math.PI * 2;
        const radius = 262 + (index % 2 ? 10 : -6);
        const x = cx + Math.cos(angle) * radius * 1.02;
        const y = cy + Math.sin(angle) * radius * 0.92;
        if (index === 0) ctx.moveTo(x, y);
        else {
          const mid = ((index - 0.5) / bumps) * Math.PI * 2;
          ctx.quadraticCurveTo(cx + Math.cos(mid) * (radius + 26) * 1.02, cy + Math.sin(mid) * (radius + 26) * 0.92, x, y);
        }
      }
      ctx.closePath();
      ctx.fill();
      // Texture: a few soft curls in the shade.
      ctx.strokeStyle = look.hairShade;
      ctx.lineWidth = 7;
      for (const [x, y] of [[330, 200], [420, 130], [590, 140], [680, 220], [300, 330], [720, 350], [330, 470], [690, 480]] as const) {
        ctx.beginPath();
        ctx.arc(x, y, 16, 0.3, Math.PI * 1.4);
        ctx.stroke();
      }
      break;
    }
    case 'bob-bangs': {
      ctx.beginPath();
      ctx.moveTo(CX, 190);
      ctx.bezierCurveTo(CX + 170, 190, CX + w + 50, 290, CX + w + 46, 430);
      ctx.bezierCurveTo(CX + w + 44, 520, CX + w + 50, 590, CX + w + 40, 624);
      ctx.quadraticCurveTo(CX, 650, CX - w - 40, 624);
      ctx.bezierCurveTo(CX - w - 50, 590, CX - w - 44, 520, CX - w - 46, 430);
      ctx.bezierCurveTo(CX - w - 50, 290, CX - 170, 190, CX, 190);
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'bun': {
      ctx.beginPath();
      ctx.arc(CX, 190, 76, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = look.hairShade;
      ctx.lineWidth = 6;
      ctx.beginPath();
      ctx.arc(CX, 190, 44, Math.PI * 1.1, Math.PI * 1.9);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(CX, 196, 60, Math.PI * 0.1, Math.PI * 0.7);
      ctx.stroke();
      break;
    }
    default:
      break;
  }
}

function hairFront(ctx: Ctx, look: AvatarLook): void {
  const w = look.faceWidth;
  ctx.fillStyle = look.hair;
  switch (look.hairStyle) {
    case 'long-wavy': {
      // A side part on the left; the hair sweeps across the forehead and down both sides of the face.
      ctx.beginPath();
      ctx.moveTo(CX - w - 6, 520);
      ctx.bezierCurveTo(CX - w - 20, 380, CX - w - 14, 250, CX - 60, 212);
      ctx.bezierCurveTo(CX + 40, 178, CX + w + 30, 230, CX + w + 14, 430);
      ctx.bezierCurveTo(CX + w + 10, 480, CX + w + 14, 520, CX + w + 4, 560);
      ctx.bezierCurveTo(CX + w - 14, 470, CX + w - 10, 380, CX + w - 40, 330);
      ctx.bezierCurveTo(CX + 60, 300, CX - 30, 262, CX - 50, 262);
      ctx.bezierCurveTo(CX - 90, 300, CX - w + 10, 330, CX - w + 14, 420);
      ctx.bezierCurveTo(CX - w + 14, 460, CX - w + 6, 490, CX - w - 6, 520);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = look.hairShade;
      ctx.lineWidth = 6;
      ctx.beginPath();
      ctx.moveTo(CX - 40, 230);
      ctx.bezierCurveTo(CX + 40, 240, CX + 110, 270, CX + 140, 320);
      ctx.moveTo(CX - 90, 240);
      ctx.bezierCurveTo(CX - 120, 270, CX - 140, 320, CX - w + 4, 380);
      ctx.stroke();
      break;
    }
    case 'side-part': {
      ctx.beginPath();
      ctx.moveTo(CX - w + 2, 440);
      ctx.bezierCurveTo(CX - w - 14, 360, CX - w - 10, 250, CX - 60, 200);
      ctx.bezierCurveTo(CX + 20, 170, CX + 150, 180, CX + w + 4, 280);
      ctx.bezierCurveTo(CX + w + 14, 330, CX + w + 10, 400, CX + w - 2, 440);
      ctx.bezierCurveTo(CX + w - 18, 400, CX + w - 16, 350, CX + w - 30, 320);
      ctx.bezierCurveTo(CX + 60, 330, CX - 40, 300, CX - 60, 268);
      ctx.bezierCurveTo(CX - 90, 300, CX - w + 14, 330, CX - w + 16, 380);
      ctx.bezierCurveTo(CX - w + 12, 400, CX - w + 10, 420, CX - w + 2, 440);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = look.hairShade;
      ctx.lineWidth = 6;
      ctx.beginPath();
      ctx.moveTo(CX - 56, 214);
      ctx.bezierCurveTo(CX + 20, 210, CX + 100, 230, CX + 130, 270);
      ctx.moveTo(CX - 30, 240);
      ctx.bezierCurveTo(CX + 30, 250, CX + 80, 270, CX + 100, 296);
      ctx.stroke();
      break;
    }
    case 'afro': {
      ctx.beginPath();
      ctx.moveTo(CX - w - 8, 430);
      ctx.bezierCurveTo(CX - w - 20, 300, CX - 100, 230, CX, 226);
      ctx.bezierCurveTo(CX + 100, 230, CX + w + 20, 300, CX + w + 8, 430);
      ctx.bezierCurveTo(CX + w - 10, 360, CX + 90, 290, CX, 292);
      ctx.bezierCurveTo(CX - 90, 290, CX - w + 10, 360, CX - w - 8, 430);
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'receding': {
      // Short grey sides and a thin top, the forehead high.
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(CX + side * (w + 4), 450);
        ctx.bezierCurveTo(CX + side * (w + 14), 380, CX + side * (w + 10), 320, CX + side * (w - 30), 270);
        ctx.bezierCurveTo(CX + side * (w - 40), 300, CX + side * (w - 16), 360, CX + side * (w - 12), 450);
        ctx.closePath();
        ctx.fill();
      }
      ctx.beginPath();
      ctx.moveTo(CX - w + 26, 268);
      ctx.bezierCurveTo(CX - 80, 206, CX + 80, 206, CX + w - 26, 268);
      ctx.bezierCurveTo(CX + 70, 236, CX - 70, 236, CX - w + 26, 268);
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'bob-bangs': {
      ctx.beginPath();
      ctx.moveTo(CX - w - 20, 600);
      ctx.bezierCurveTo(CX - w - 30, 440, CX - w - 24, 270, CX - 40, 216);
      ctx.bezierCurveTo(CX + 100, 196, CX + w + 30, 280, CX + w + 20, 600);
      ctx.lineTo(CX + w + 2, 606);
      ctx.bezierCurveTo(CX + w - 4, 500, CX + w - 6, 420, CX + w - 20, 372);
      // Straight, slightly uneven bangs.
      ctx.lineTo(CX + 90, 366);
      ctx.lineTo(CX + 60, 376);
      ctx.lineTo(CX + 20, 368);
      ctx.lineTo(CX - 20, 378);
      ctx.lineTo(CX - 60, 368);
      ctx.lineTo(CX - 100, 376);
      ctx.lineTo(CX - w + 20, 372);
      ctx.bezierCurveTo(CX - w + 6, 420, CX - w + 4, 500, CX - w - 2, 606);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = look.hairShade;
      ctx.lineWidth = 6;
      ctx.beginPath();
      ctx.moveTo(CX - 60, 250);
      ctx.quadraticCurveTo(CX - 20, 300, CX - 30, 360);
      ctx.moveTo(CX + 60, 250);
      ctx.quadraticCurveTo(CX + 80, 300, CX + 70, 360);
      ctx.stroke();
      break;
    }
    case 'short-curly': {
      // A cap of small curls along the hairline.
      ctx.beginPath();
      ctx.moveTo(CX - w + 4, 410);
      ctx.bezierCurveTo(CX - w - 12, 300, CX - 100, 208, CX, 206);
      ctx.bezierCurveTo(CX + 100, 208, CX + w + 12, 300, CX + w - 4, 410);
      ctx.bezierCurveTo(CX + w - 20, 340, CX + 90, 300, CX, 300);
      ctx.bezierCurveTo(CX - 90, 300, CX - w + 20, 340, CX - w + 4, 410);
      ctx.closePath();
      ctx.fill();
      for (let index = 0; index <= 12; index++) {
        const angle = Math.PI * (1.05 + (index / 12) * 0.9);
        const x = CX + Math.cos(angle) * (w + 2);
        const y = 330 + Math.sin(angle) * 118;
        ctx.beginPath();
        ctx.arc(x, y, 24, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.strokeStyle = look.hairShade;
      ctx.lineWidth = 5;
      for (const [x, y] of [[440, 240], [520, 232], [590, 262], [400, 280], [480, 276], [560, 290]] as const) {
        ctx.beginPath();
        ctx.arc(x, y, 11, 0.2, Math.PI * 1.5);
        ctx.stroke();
      }
      break;
    }
    case 'bun': {
      ctx.beginPath();
      ctx.moveTo(CX - w - 4, 450);
      ctx.bezierCurveTo(CX - w - 16, 320, CX - 100, 222, CX, 222);
      ctx.bezierCurveTo(CX + 100, 222, CX + w + 16, 320, CX + w + 4, 450);
      ctx.bezierCurveTo(CX + w - 14, 380, CX + w - 30, 330, CX + 60, 296);
      ctx.quadraticCurveTo(CX, 280, CX - 60, 296);
      ctx.bezierCurveTo(CX - w + 30, 330, CX - w + 14, 380, CX - w - 4, 450);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = look.hairShade;
      ctx.lineWidth = 5;
      ctx.beginPath();
      ctx.moveTo(CX - 110, 290);
      ctx.quadraticCurveTo(CX - 60, 240, CX - 10, 232);
      ctx.moveTo(CX + 110, 290);
      ctx.quadraticCurveTo(CX + 60, 240, CX + 10, 232);
      ctx.stroke();
      break;
    }
    case 'messy-crop': {
      ctx.beginPath();
      ctx.moveTo(CX - w, 420);
      ctx.bezierCurveTo(CX - w - 20, 300, CX - 120, 190, CX + 10, 188);
      ctx.bezierCurveTo(CX + 130, 186, CX + w + 24, 280, CX + w, 420);
      ctx.lineTo(CX + w - 12, 350);
      ctx.lineTo(CX + 90, 330);
      ctx.lineTo(CX + 70, 296);
      ctx.lineTo(CX + 30, 334);
      ctx.lineTo(CX - 4, 292);
      ctx.lineTo(CX - 40, 338);
      ctx.lineTo(CX - 76, 300);
      ctx.lineTo(CX - 100, 340);
      ctx.lineTo(CX - w + 12, 350);
      ctx.closePath();
      ctx.fill();
      // Spiky tufts on top.
      for (const [x, y, dx] of [[CX - 70, 196, -30], [CX + 10, 180, 10], [CX + 90, 196, 36]] as const) {
        ctx.beginPath();
        ctx.moveTo(x - 40, y + 20);
        ctx.quadraticCurveTo(x + dx * 0.5, y - 30, x + dx, y - 40);
        ctx.quadraticCurveTo(x + 10, y - 10, x + 40, y + 20);
        ctx.closePath();
        ctx.fill();
      }
      ctx.strokeStyle = look.hairShade;
      ctx.lineWidth = 6;
      ctx.beginPath();
      ctx.moveTo(CX - 60, 230);
      ctx.quadraticCurveTo(CX - 30, 270, CX - 40, 310);
      ctx.moveTo(CX + 50, 226);
      ctx.quadraticCurveTo(CX + 70, 260, CX + 60, 300);
      ctx.stroke();
      break;
    }
  }
}

function glasses(ctx: Ctx, look: AvatarLook): void {
  ctx.strokeStyle = look.glasses!;
  ctx.lineWidth = 7;
  ctx.fillStyle = 'rgba(210, 230, 255, 0.16)';
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.arc(CX + side * EYE_DX, EYE_Y, 44, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(CX + side * (EYE_DX + 44), EYE_Y - 6);
    ctx.lineTo(CX + side * (look.faceWidth + 2), EYE_Y - 14);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.moveTo(CX - EYE_DX + 44, EYE_Y - 4);
  ctx.quadraticCurveTo(CX, EYE_Y - 20, CX + EYE_DX - 44, EYE_Y - 4);
  ctx.stroke();
}
