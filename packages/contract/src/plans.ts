/**
 * The plan catalogue: VIP plans with their combo details, and one-off point packs.
 * One place for the pricing pages (web), the account service (points grants, limits) and checkout.
 * Money is in minor units (cents, fen) per currency; points are whole numbers.
 */

export type PlanId = 'free' | 'pro' | 'business';
export type BillingPeriod = 'month' | 'year';
export type Currency = 'USD' | 'CNY';

/** Bounds of a picture (an image, a video frame), read from the file's header before anything decodes it. */
export interface PictureLimits {
  maxSide: number;
  maxPixels: number;
}

export interface ComboDetail {
  /** Points granted at the start of each month of the plan (yearly plans grant monthly too). */
  pointsPerMonth: number;
  /** Longest source video one job may process, in minutes. */
  maxVideoMinutesPerJob: number;
  /** How many cloned voices the user may keep. */
  voiceCloneSlots: number;
  /** Jobs of this user that may run at once; more wait for a free slot (decision 023). */
  concurrentJobs: number;
  /** Jobs that may wait for a free slot besides those running; beyond them a new job is refused (2004). */
  waitingJobs: number;
  /** Largest upload, in megabytes. */
  uploadSizeMb: number;
  /** Largest uploaded image: width and height each at most `maxSide` pixels, and at most `maxPixels` in all. */
  imageLimits: PictureLimits;
  /** Largest video frame of an uploaded video, the same way. */
  videoFrameLimits: PictureLimits;
  /** Total stored files (uploads and results), in megabytes. */
  storageQuotaMb: number;
  /** Characters in one text-to-speech job. */
  maxTtsCharacters: number;
  /** Output without the Voxwork watermark/audio tag. */
  watermarkFree: boolean;
  /** Queue priority: higher runs first when workers are busy. */
  queuePriority: number;
  /** Stored files are kept this many days after the job. */
  retentionDays: number;
}

export interface Plan {
  id: PlanId;
  /** `vipLevel` of spec §3: 0 free, 1 pro, 2 business. */
  vipLevel: 0 | 1 | 2;
  comboDetail: ComboDetail;
  /**
   * `vtUseLimit` of spec §3: video-translation runs allowed per calendar month (each run of the
   * video translator or video translator pro counts once, re-runs of single segments do not);
   * -1 means unlimited.
   */
  vtUseLimit: number;
  prices: Record<BillingPeriod, Record<Currency, number>> | null;
  highlighted: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    vipLevel: 0,
    comboDetail: {
      pointsPerMonth: 300,
      maxVideoMinutesPerJob: 2,
      voiceCloneSlots: 1,
      concurrentJobs: 1,
      waitingJobs: 4,
      uploadSizeMb: 100,
      imageLimits: { maxSide: 8_192, maxPixels: 40_000_000 },
      videoFrameLimits: { maxSide: 4_096, maxPixels: 4_096 * 2_160 },
      storageQuotaMb: 1_024,
      maxTtsCharacters: 5_000,
      watermarkFree: false,
      queuePriority: 0,
      retentionDays: 7,
    },
    vtUseLimit: 3,
    prices: null,
    highlighted: false,
  },
  {
    id: 'pro',
    vipLevel: 1,
    comboDetail: {
      pointsPerMonth: 3_000,
      maxVideoMinutesPerJob: 20,
      voiceCloneSlots: 10,
      concurrentJobs: 3,
      waitingJobs: 20,
      uploadSizeMb: 1_024,
      imageLimits: { maxSide: 12_000, maxPixels: 64_000_000 },
      videoFrameLimits: { maxSide: 7_680, maxPixels: 7_680 * 4_320 },
      storageQuotaMb: 20_480,
      maxTtsCharacters: 20_000,
      watermarkFree: true,
      queuePriority: 5,
      retentionDays: 30,
    },
    vtUseLimit: 50,
    prices: { month: { USD: 1_200, CNY: 7_900 }, year: { USD: 9_900, CNY: 69_900 } },
    highlighted: true,
  },
  {
    id: 'business',
    vipLevel: 2,
    comboDetail: {
      pointsPerMonth: 12_000,
      maxVideoMinutesPerJob: 120,
      voiceCloneSlots: 50,
      concurrentJobs: 10,
      waitingJobs: 50,
      uploadSizeMb: 4_096,
      imageLimits: { maxSide: 16_000, maxPixels: 100_000_000 },
      videoFrameLimits: { maxSide: 8_192, maxPixels: 8_192 * 4_320 },
      storageQuotaMb: 102_400,
      maxTtsCharacters: 50_000,
      watermarkFree: true,
      queuePriority: 10,
      retentionDays: 90,
    },
    vtUseLimit: -1,
    prices: { month: { USD: 3_900, CNY: 25_900 }, year: { USD: 34_800, CNY: 229_900 } },
    highlighted: false,
  },
];

export interface PointPack {
  id: 'points-1000' | 'points-5000' | 'points-20000';
  points: number;
  prices: Record<Currency, number>;
}

/** One-off point packs; purchased points do not expire while the account exists. */
export const POINT_PACKS: readonly PointPack[] = [
  { id: 'points-1000', points: 1_000, prices: { USD: 500, CNY: 3_500 } },
  { id: 'points-5000', points: 5_000, prices: { USD: 2_000, CNY: 13_900 } },
  { id: 'points-20000', points: 20_000, prices: { USD: 7_000, CNY: 48_900 } },
];

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

export function planByVipLevel(vipLevel: number): Plan {
  return PLANS.find((plan) => plan.vipLevel === vipLevel) ?? PLANS[0]!;
}

/** `12.00` style amount of minor units, for display next to a currency symbol. */
export function formatMoney(minor: number, currency: Currency, locale: 'en' | 'zh'): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency, minimumFractionDigits: minor % 100 === 0 ? 0 : 2 }).format(minor / 100);
}
