/** The design space's landmarks and the pose, shared by the avatar's drawing parts (see `draw-avatar.ts`). */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { MouthPose } from '../mouth-track.ts';
import type { AvatarExpression } from './avatar-catalog.ts';

export type Ctx = SKRSContext2D;
export const CX = 500;
export const FACE_TOP = 232;
export const CHIN = 616;
export const EYE_Y = 440;
export const EYE_DX = 64;
export const MOUTH_Y = 556;
export const NECK_PIVOT = { x: 500, y: 660 };
export const SHOULDER_LIFT = 24;

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
