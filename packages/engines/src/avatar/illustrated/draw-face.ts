/** The avatar's face parts: cheeks, age lines, eyes, brows, nose, beard, moustache, the mouth by its pose, glasses (drawn by `drawAvatar`). */
import type { AvatarExpression, AvatarLook } from './avatar-catalog.ts';
import { type AvatarPose, type Ctx, CX, CHIN, EYE_Y, EYE_DX, MOUTH_Y } from './avatar-geometry.ts';

export function cheeks(ctx: Ctx, look: AvatarLook, expression: AvatarExpression): void {
  ctx.fillStyle = look.blush;
  const scale = expression === 'happy' ? 1.2 : expression === 'serious' ? 0.7 : 1;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(CX + side * 94, 520, 30 * scale, 17 * scale, 0, 0, Math.PI * 2);
    ctx.fill();
  }
}

export function ageLines(ctx: Ctx, look: AvatarLook): void {
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

export function eyes(ctx: Ctx, look: AvatarLook, pose: AvatarPose): void {
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

export function brows(ctx: Ctx, look: AvatarLook, expression: AvatarExpression): void {
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

export function nose(ctx: Ctx, look: AvatarLook): void {
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

export function beard(ctx: Ctx, look: AvatarLook): void {
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

export function moustache(ctx: Ctx, look: AvatarLook, pose: AvatarPose): void {
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
export function mouth(ctx: Ctx, look: AvatarLook, pose: AvatarPose): void {
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


export function glasses(ctx: Ctx, look: AvatarLook): void {
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
