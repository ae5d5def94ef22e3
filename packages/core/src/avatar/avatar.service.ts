import { AVATAR_LAYOUTS, AVATAR_PREVIEW_SECONDS, avatarCost, ErrorCode, estimatedSpeechSeconds, TOOL_PRICES, type AvatarScene, type LocalizedText } from '@voxwork/contract';
import type { UploadRow } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';
import type { AvatarEngines } from '../engines/avatar-engines.port.ts';
import type { EnqueueOptions, JobService } from '../jobs/job.service.ts';
import type { VoicesService } from '../voices/voices.service.ts';
import type { AvatarJobInput, AvatarJobScene, AvatarUploadRef } from './avatar.pipeline.ts';
import { animatorTier } from './avatar-layout.ts';

/** The job types of AI avatar video. */
export const AVATAR_JOBS = { faces: 'avatar.faces', preview: 'avatar.preview', render: 'avatar.render' } as const;

export interface AvatarServiceDeps {
  jobs: JobService;
  voices: Pick<VoicesService, 'resolveTarget'>;
  avatarEngines: Pick<AvatarEngines, 'avatars' | 'animators'>;
  findUpload: (userId: string, uploadId: string) => Promise<UploadRow>;
  planOf: (userId: string) => Promise<{ maxVideoMinutesPerJob: number }>;
}

export interface AvatarRequest {
  scenes: AvatarScene[];
  layout: keyof typeof AVATAR_LAYOUTS;
  resolution: 512 | 720 | 1080;
  captions: AvatarJobInput['captions'];
  speed: number;
  logo?: { uploadId: string; corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' } | undefined;
  animatorId?: string | undefined;
  title?: string | undefined;
}

/** What each use of an upload is called in error 7502, in both languages. */
const USES: Record<'photo' | 'audio' | 'image' | 'video' | 'logo', LocalizedText> = {
  photo: { en: 'photo', zh: '照片' },
  audio: { en: 'recording', zh: '录音' },
  image: { en: 'background picture', zh: '背景图片' },
  video: { en: 'background video', zh: '背景视频' },
  logo: { en: 'logo', zh: '台标' },
};

/** The picture's size: the layout's shape with its shorter side at `resolution`, even pixels. */
export function avatarFrameSize(layout: keyof typeof AVATAR_LAYOUTS, resolution: number): { width: number; height: number } {
  const shape = AVATAR_LAYOUTS[layout];
  const even = (value: number) => Math.round(value / 2) * 2;
  return shape.width >= shape.height ? { width: even((resolution * shape.width) / shape.height), height: resolution } : { width: resolution, height: even((resolution * shape.height) / shape.width) };
}

export function createAvatarService(deps: AvatarServiceDeps) {
  /** An upload used as `use` in scene `scene` (1-based), checked for its kind. */
  async function uploadFor(ownerId: string, uploadId: string, use: keyof typeof USES, scene: number): Promise<{ ref: AvatarUploadRef; upload: UploadRow }> {
    const upload = await deps.findUpload(ownerId, uploadId);
    const kind = upload.kind as string;
    const fits =
      upload.storageKey &&
      (use === 'photo' || use === 'image' || use === 'logo' ? kind === 'image' : use === 'video' ? kind === 'video' : (kind === 'audio' || kind === 'video') && upload.hasAudio !== false && (upload.durationSeconds ?? 0) > 0);
    if (!fits) throw new DomainError(ErrorCode.AVATAR_UPLOAD_WRONG_KIND, { scene, what: USES[use] });
    const extension = /\.[a-z0-9]{1,5}$/i.exec(upload.originalName)?.[0]?.toLowerCase() ?? '';
    return { ref: { uploadId: upload.id, storageKey: upload.storageKey!, file: `upload-${upload.id}${extension}` }, upload };
  }

  /** The request as a job input (every upload, voice and avatar checked), its estimated length, and its price per second. */
  async function accept(ownerId: string, request: AvatarRequest) {
    const known = new Set(deps.avatarEngines.avatars().map((avatar) => avatar.id));
    const animators = deps.avatarEngines.animators();
    const animator = request.animatorId ? animators.find((offer) => offer.id === request.animatorId) : animators[0];
    const usesPhotos = request.scenes.some((scene) => scene.subject.kind === 'photo');
    if (usesPhotos && !animator) throw new DomainError(ErrorCode.AVATAR_ANIMATOR_UNAVAILABLE, { animator: request.animatorId ?? '—' });
    let estimatedSeconds = 0;
    const scenes: AvatarJobScene[] = [];
    for (const [index, scene] of request.scenes.entries()) {
      const number = index + 1;
      let subject: AvatarJobScene['subject'];
      if (scene.subject.kind === 'illustrated') {
        if (!known.has(scene.subject.avatarId)) throw new DomainError(ErrorCode.AVATAR_UNKNOWN, { avatar: scene.subject.avatarId });
        subject = { kind: 'illustrated', avatarId: scene.subject.avatarId, expression: scene.subject.expression };
      } else {
        subject = { kind: 'photo', photo: (await uploadFor(ownerId, scene.subject.uploadId, 'photo', number)).ref, face: scene.subject.face };
      }
      let speech: AvatarJobScene['speech'];
      if (scene.speech.kind === 'script') {
        speech = { kind: 'script', text: scene.speech.text, target: await deps.voices.resolveTarget(ownerId, scene.speech.voice, undefined) };
        estimatedSeconds += estimatedSpeechSeconds(scene.speech.text, request.speed);
      } else {
        const { ref, upload } = await uploadFor(ownerId, scene.speech.uploadId, 'audio', number);
        speech = { kind: 'audio', audio: ref };
        estimatedSeconds += upload.durationSeconds ?? 0;
      }
      const background: AvatarJobScene['background'] =
        scene.background.kind === 'colour'
          ? scene.background
          : scene.background.kind === 'image'
            ? { kind: 'image', image: (await uploadFor(ownerId, scene.background.uploadId, 'image', number)).ref }
            : { kind: 'video', video: (await uploadFor(ownerId, scene.background.uploadId, 'video', number)).ref };
      scenes.push({ subject, speech, background, placement: scene.placement, title: scene.title });
    }
    const plan = await deps.planOf(ownerId);
    if (estimatedSeconds > plan.maxVideoMinutesPerJob * 60) throw new DomainError(ErrorCode.AVATAR_TOO_LONG, { seconds: Math.round(estimatedSeconds), max: plan.maxVideoMinutesPerJob * 60 });
    const tier = usesPhotos ? animatorTier(animator) : 'basic';
    const input: AvatarJobInput = {
      scenes,
      ...avatarFrameSize(request.layout, request.resolution),
      captions: request.captions,
      logo: request.logo ? { image: (await uploadFor(ownerId, request.logo.uploadId, 'logo', 1)).ref, corner: request.logo.corner } : undefined,
      animatorId: animator?.id ?? '',
      speed: request.speed,
      pricePerSecond: TOOL_PRICES.avatarPerSecond * TOOL_PRICES.tierMultiplier[tier],
    };
    return { input, estimatedSeconds, estimatedCost: avatarCost(estimatedSeconds, tier) };
  }

  const titleOf = (request: AvatarRequest) => request.title || (request.scenes[0]!.speech.kind === 'script' ? request.scenes[0]!.speech.text.replace(/\s+/g, ' ').slice(0, 60) : 'Avatar video');

  return {
    async options(ownerId: string) {
      const plan = await deps.planOf(ownerId);
      return {
        avatars: deps.avatarEngines.avatars().map((avatar) => ({ id: avatar.id, names: avatar.names, descriptions: avatar.descriptions, thumbnailUrl: `/avatars/${avatar.id}.png`, expressions: avatar.expressions })),
        animators: deps.avatarEngines.animators().map(({ id, name, location, description }) => ({ id, name, location, description })),
        pricePerSecond: TOOL_PRICES.avatarPerSecond,
        maxSeconds: plan.maxVideoMinutesPerJob * 60,
        previewSeconds: AVATAR_PREVIEW_SECONDS,
      };
    },

    /** A free job that finds the faces of a photo. */
    async faces(ownerId: string, request: { uploadId: string }) {
      const { ref, upload } = await uploadFor(ownerId, request.uploadId, 'photo', 1);
      const job = await deps.jobs.enqueue(AVATAR_JOBS.faces, { photo: ref }, { ownerId, cost: 0, title: upload.originalName.replace(/\.[^.]+$/, '') });
      return { jobId: job.id };
    },

    /** A free 5-second preview of the first scene, with the estimated cost of the whole video. */
    async preview(ownerId: string, request: AvatarRequest) {
      const { input, estimatedCost } = await accept(ownerId, request);
      const job = await deps.jobs.enqueue(AVATAR_JOBS.preview, input, { ownerId, cost: 0, title: titleOf(request) });
      return { jobId: job.id, estimatedCost };
    },

    /** The whole video: the estimate is frozen now, the exact length settled when it is rendered. The REST surface passes its `Idempotency-Key` claim through. */
    async create(ownerId: string, request: AvatarRequest, options: Pick<EnqueueOptions, 'idempotency'> = {}) {
      const { input, estimatedCost } = await accept(ownerId, request);
      const job = await deps.jobs.enqueue(AVATAR_JOBS.render, input, { ownerId, cost: estimatedCost, title: titleOf(request), ...(options.idempotency ? { idempotency: options.idempotency } : {}) });
      return { jobId: job.id, estimatedCost };
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
