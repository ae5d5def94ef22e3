import { z } from 'zod';
import { defineCall } from '../call.ts';
import { decimal, identifier, multiLineText, singleLineText } from '../input-schemas.ts';
import { voiceKeySchema } from './voices.calls.ts';
import { displayName } from '../display-name.ts';
import type { ApiJobDefinition } from '../public-api/api-job.ts';

/** Most scenes in one video. */
export const MAX_AVATAR_SCENES = 10;
/** Longest script of one scene, characters (about two minutes of speech). */
export const MAX_AVATAR_SCRIPT = 2000;
/** Length of the free preview, seconds. */
export const AVATAR_PREVIEW_SECONDS = 5;

/** Picture shapes: landscape (YouTube), portrait (Shorts, TikTok, Reels), square (feeds). */
export const AVATAR_LAYOUTS = { '16:9': { width: 16, height: 9 }, '9:16': { width: 9, height: 16 }, '1:1': { width: 1, height: 1 } } as const;
export const avatarLayoutSchema = z.enum(['16:9', '9:16', '1:1']);
/** The picture's shorter side, pixels. */
export const avatarResolutionSchema = z.union([z.literal(512), z.literal(720), z.literal(1080)]);

const hexColour = identifier({ max: 7 }).regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #FFD400');
const box = z.object({ x: decimal(0, 16_384), y: decimal(0, 16_384), width: decimal(1, 16_384), height: decimal(1, 16_384) }).strict();

/** Who speaks: a built-in illustrated avatar, or a face in an uploaded photo (a talking photo). */
export const avatarSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('illustrated'), avatarId: identifier({ max: 40 }), expression: z.enum(['neutral', 'happy', 'serious']).default('neutral') }).strict(),
  z.object({ kind: z.literal('photo'), uploadId: z.uuid(), face: box.optional() }).strict(),
]);

/** What is said: a script spoken by a voice of the library (or a cloned voice), or an uploaded recording. */
export const avatarSpeechSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('script'), text: multiLineText({ min: 1, max: MAX_AVATAR_SCRIPT, trim: true }), voice: voiceKeySchema }).strict(),
  z.object({ kind: z.literal('audio'), uploadId: z.uuid() }).strict(),
]);

/** Behind the speaker: a colour, an uploaded picture (cover-fitted) or an uploaded video (looped). */
export const avatarBackgroundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('colour'), colour: hexColour }).strict(),
  z.object({ kind: z.literal('image'), uploadId: z.uuid() }).strict(),
  z.object({ kind: z.literal('video'), uploadId: z.uuid() }).strict(),
]);

export const avatarSceneSchema = z
  .object({
    subject: avatarSubjectSchema,
    speech: avatarSpeechSchema,
    background: avatarBackgroundSchema.default({ kind: 'colour', colour: '#EEF1F8' }),
    /** Where the speaker stands and how large (a photo fills the frame when `fill`). */
    placement: z.enum(['center', 'left', 'right', 'fill']).default('center'),
    /** A title drawn over the scene. */
    title: displayName(80, { allowEmpty: true }).optional(),
  })
  .strict();

export type AvatarScene = z.infer<typeof avatarSceneSchema>;

export const avatarCaptionsSchema = z
  .object({
    enabled: z.boolean().default(true),
    textColor: hexColour.default('#FFFFFF'),
    look: z.enum(['outline', 'box']).default('box'),
    position: z.enum(['bottom', 'top']).default('bottom'),
  })
  .strict();

const renderBody = {
  scenes: z.array(avatarSceneSchema).min(1).max(MAX_AVATAR_SCENES),
  layout: avatarLayoutSchema.default('16:9'),
  resolution: avatarResolutionSchema.default(720),
  captions: avatarCaptionsSchema.default(avatarCaptionsSchema.parse({})),
  /** Speaking rate of every script, as a multiple of each voice's normal rate. */
  speed: decimal(0.5, 2).default(1),
  /** A logo in a corner of every scene. */
  logo: z.object({ uploadId: z.uuid(), corner: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right']).default('top-right') }).strict().optional(),
  /** The animator for photo avatars (`voxwork:talking-photo`, or a configured neural engine); default the first offered. */
  animatorId: singleLineText({ max: 100, trim: true }).optional(),
};

const inBothLanguages = z.object({ en: z.string(), zh: z.string() });
const avatarView = z.object({
  id: z.string(),
  names: inBothLanguages,
  descriptions: inBothLanguages,
  /** A picture of the avatar (PNG, a static file of the web app). */
  thumbnailUrl: z.string(),
  expressions: z.array(z.string()),
});

export const avatarOptionsCall = defineCall({
  path: '/api/avatar/options',
  summary: 'AI avatar video: the built-in avatars (names and descriptions in English and Chinese), the animators for photos, the price per second and the plan’s longest video.',
  tag: 'avatar',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({
    avatars: z.array(avatarView),
    animators: z.array(z.object({ id: z.string(), name: z.string(), location: z.enum(['local', 'remote']), description: z.string() })),
    pricePerSecond: z.number(),
    maxSeconds: z.number(),
    previewSeconds: z.number(),
  }),
});

export const avatarFacesCall = defineCall({
  path: '/api/avatar/faces',
  summary: 'AI avatar video: finds the faces in an uploaded photo (a free job whose result lists them, largest first), so the user can pick the one that speaks.',
  tag: 'avatar',
  access: 'user',
  body: z.object({ uploadId: z.uuid() }).strict(),
  data: z.object({ jobId: z.string() }),
});

export const avatarPreviewCall = defineCall({
  path: '/api/avatar/preview',
  summary: 'AI avatar video: a free 5-second preview of the first scene, and the estimated cost of the whole video.',
  tag: 'avatar',
  access: 'user',
  body: z.object(renderBody).strict(),
  data: z.object({ jobId: z.string(), estimatedCost: z.number().int() }),
});

export const avatarCreateCall = defineCall({
  path: '/api/avatar/create',
  summary: 'AI avatar video: renders the scenes into one MP4 (and captions as VTT); points per second of video, the estimate frozen now and the exact length settled.',
  tag: 'avatar',
  access: 'user',
  body: z.object({ ...renderBody, title: displayName(120, { allowEmpty: true }).optional() }).strict(),
  data: z.object({ jobId: z.string(), estimatedCost: z.number().int() }),
});

/** The REST v1 create (`POST /api/v1/tools/avatar/jobs`, `public-api/api-job.ts`) takes this call's body. Built-in illustrated avatars speaking a script need no upload; photos, recordings and backgrounds take upload ids. */
export const avatarApiJob = {
  call: avatarCreateCall,
  example: {
    scenes: [
      {
        subject: { kind: 'illustrated', avatarId: 'mei', expression: 'happy' },
        speech: { kind: 'script', text: 'Welcome to our shop. Everything is ten percent off today.', voice: 'espeak:espeak-ng/en-us+f3' },
        background: { kind: 'colour', colour: '#1F2A44' },
      },
    ],
    layout: '9:16',
  },
  summaryZh: '创建AI 数字人视频任务（请求体与工作台相同）：积分先冻结，成功后扣除。需要可读写的密钥，且范围中包含 avatar。',
} satisfies ApiJobDefinition;

/** The avatar calls, in the order the OpenAPI document lists them (`TOOL_CALLS` in `calls/index.ts`). */
export const avatarCalls = [avatarOptionsCall, avatarFacesCall, avatarPreviewCall, avatarCreateCall] as const;
