/** The avatar's hair: the part behind the head and the part in front (drawn by `drawAvatar`). */
import type { AvatarLook } from './avatar-catalog.ts';
import { type Ctx, CX } from './avatar-geometry.ts';

export function hairBack(ctx: Ctx, look: AvatarLook): void {
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

export function hairFront(ctx: Ctx, look: AvatarLook): void {
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
