/**
 * Draws an illustrated avatar in layered vector parts on a 2D canvas, in a 1000 × 1000 design
 * space (the head's centre near (500, 430), the shoulders reaching the bottom edge): hair behind,
 * body and outfit, neck, ears, head, cheeks, eyes (with lids for blinks), brows (by expression),
 * nose, beard, mouth (by the mouth pose: viseme, opening, spread), hair in front, glasses. Flat
 * shapes with one shade each: a friendly flat-illustration style.
 */
import type { AvatarLook, IllustratedAvatar } from './avatar-catalog.ts';
import { type AvatarPose, type Ctx, CX, FACE_TOP, CHIN, NECK_PIVOT, SHOULDER_LIFT } from './avatar-geometry.ts';
import { ageLines, beard, brows, cheeks, eyes, glasses, moustache, mouth, nose } from './draw-face.ts';
import { hairBack, hairFront } from './draw-hair.ts';

export const DESIGN_SIZE = 1000;

export type { AvatarPose } from './avatar-geometry.ts';

export const RESTING_POSE: AvatarPose = { mouth: { open: 0, spread: 0, viseme: 'rest' }, expression: 'neutral', blink: 0, tilt: 0, nod: 0, breath: 0 };

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
