/**
 * The built-in illustrated avatars: each a description (names, a line about it, who it shows) and
 * a look — colours and the shapes its parts are drawn with (`draw-avatar.ts`). Nothing is an
 * image file: every avatar is vector paths drawn by our code at any size.
 */

export type AvatarExpression = 'neutral' | 'happy' | 'serious';
export const AVATAR_EXPRESSIONS: readonly AvatarExpression[] = ['neutral', 'happy', 'serious'];

export type HairStyle = 'long-wavy' | 'side-part' | 'afro' | 'receding' | 'bob-bangs' | 'short-curly' | 'bun' | 'messy-crop';
export type Neckline = 'blazer' | 'crew' | 'scoop' | 'cardigan' | 'round' | 'collar' | 'hoodie';

export interface AvatarLook {
  skin: string;
  /** Shadows on the skin: the neck under the jaw, the nose, the ears' inside. */
  skinShade: string;
  hair: string;
  hairShade: string;
  hairStyle: HairStyle;
  brows: string;
  iris: string;
  /** The lips' outline and the closed mouth. */
  lips: string;
  blush: string;
  outfit: string;
  outfitShade: string;
  /** What shows inside the neckline (a shirt, a top) or a collar band. */
  outfitAccent: string;
  neckline: Neckline;
  /** Half the face's width in design units (150 is the base), and how square the jaw is (1 base). */
  faceWidth: number;
  jaw: number;
  beard?: { color: string; style: 'full' | 'short' };
  glasses?: string;
  earrings?: { color: string; style: 'hoop' | 'stud' };
  /** Lines of age around the eyes and mouth. */
  ageLines?: boolean;
  /** Lashes flicked at the eyes' outer corners. */
  lashes?: boolean;
  /** The backdrop of the picker's thumbnail (never drawn into frames: those are transparent). */
  backdrop: string;
}

export interface IllustratedAvatar {
  id: string;
  names: { en: string; zh: string };
  description: { en: string; zh: string };
  gender: 'female' | 'male';
  ageRange: [number, number];
  /** The skin tone in words (Fitzpatrick-like, I light … VI deep). */
  skinTone: 'I' | 'II' | 'III' | 'IV' | 'V' | 'VI';
  hair: string;
  outfitColors: string[];
  /** Where it sits in a scene by default: centre x, bottom y (0–1 of the frame) and height (share of the frame). */
  defaultFraming: { x: number; bottom: number; height: number };
  look: AvatarLook;
}

const bust = { x: 0.5, bottom: 1, height: 0.85 };

export const ILLUSTRATED_AVATARS: readonly IllustratedAvatar[] = [
  {
    id: 'ava',
    names: { en: 'Ava', zh: '艾娃' },
    description: { en: 'Warm presenter with long wavy hair and a teal blazer', zh: '长卷发、青绿色西装外套的亲切主持人' },
    gender: 'female',
    ageRange: [25, 35],
    skinTone: 'IV',
    hair: 'long wavy, dark brown',
    outfitColors: ['#1f8a8a', '#f4f1ea'],
    defaultFraming: bust,
    look: {
      skin: '#c98c62',
      skinShade: '#a86c47',
      hair: '#3b2418',
      hairShade: '#5a3826',
      hairStyle: 'long-wavy',
      brows: '#2e1a10',
      iris: '#5b3a21',
      lips: '#8f4a3e',
      blush: 'rgba(214, 94, 84, 0.28)',
      outfit: '#1f8a8a',
      outfitShade: '#166b6b',
      outfitAccent: '#f4f1ea',
      neckline: 'blazer',
      faceWidth: 146,
      jaw: 0.92,
      earrings: { color: '#e8b84a', style: 'stud' },
      lashes: true,
      backdrop: '#cfeeea',
    },
  },
  {
    id: 'kenji',
    names: { en: 'Kenji', zh: '健二' },
    description: { en: 'Friendly young professional with a neat side part and a navy sweater', zh: '侧分短发、藏青毛衣的友善年轻职员' },
    gender: 'male',
    ageRange: [25, 35],
    skinTone: 'II',
    hair: 'short side part, black',
    outfitColors: ['#2b3a67', '#ffffff'],
    defaultFraming: bust,
    look: {
      skin: '#f1c9a5',
      skinShade: '#d9a57f',
      hair: '#1c1c22',
      hairShade: '#35353f',
      hairStyle: 'side-part',
      brows: '#1c1c22',
      iris: '#3a2a20',
      lips: '#b46a5a',
      blush: 'rgba(232, 120, 110, 0.22)',
      outfit: '#2b3a67',
      outfitShade: '#1f2b4f',
      outfitAccent: '#ffffff',
      neckline: 'collar',
      faceWidth: 152,
      jaw: 1,
      backdrop: '#dbe4fb',
    },
  },
  {
    id: 'amara',
    names: { en: 'Amara', zh: '阿玛拉' },
    description: { en: 'Confident host with a rounded afro, gold hoops and a mustard top', zh: '圆蓬爆炸头、金色耳环、芥末黄上衣的自信主持人' },
    gender: 'female',
    ageRange: [30, 40],
    skinTone: 'VI',
    hair: 'rounded afro, black',
    outfitColors: ['#e0a526', '#b57f12'],
    defaultFraming: bust,
    look: {
      skin: '#7a4a2e',
      skinShade: '#5e3620',
      hair: '#1a120e',
      hairShade: '#2f221b',
      hairStyle: 'afro',
      brows: '#150d09',
      iris: '#2a1810',
      lips: '#4e241b',
      blush: 'rgba(190, 70, 60, 0.22)',
      outfit: '#e0a526',
      outfitShade: '#b57f12',
      outfitAccent: '#b57f12',
      neckline: 'scoop',
      faceWidth: 148,
      jaw: 0.95,
      earrings: { color: '#f0c24b', style: 'hoop' },
      lashes: true,
      backdrop: '#fbe7c0',
    },
  },
  {
    id: 'walter',
    names: { en: 'Walter', zh: '沃尔特' },
    description: { en: 'Kind senior expert with a grey beard, round glasses and a burgundy cardigan', zh: '灰胡子、圆框眼镜、酒红开衫的和蔼资深专家' },
    gender: 'male',
    ageRange: [60, 70],
    skinTone: 'I',
    hair: 'short, receding, grey',
    outfitColors: ['#7d2a3a', '#bcd4ea'],
    defaultFraming: bust,
    look: {
      skin: '#f3d3be',
      skinShade: '#dcae93',
      hair: '#b9b6b2',
      hairShade: '#9a9792',
      hairStyle: 'receding',
      brows: '#8d8a86',
      iris: '#4a6c8c',
      lips: '#b06c62',
      blush: 'rgba(232, 110, 100, 0.25)',
      outfit: '#7d2a3a',
      outfitShade: '#5e1f2c',
      outfitAccent: '#bcd4ea',
      neckline: 'cardigan',
      faceWidth: 154,
      jaw: 1.04,
      beard: { color: '#c9c6c2', style: 'full' },
      glasses: '#3b3b44',
      ageLines: true,
      backdrop: '#f4dde0',
    },
  },
  {
    id: 'mei',
    names: { en: 'Mei', zh: '美' },
    description: { en: 'Cheerful creator with a black bob and bangs and a coral top', zh: '黑色齐刘海波波头、珊瑚色上衣的开朗创作者' },
    gender: 'female',
    ageRange: [20, 30],
    skinTone: 'II',
    hair: 'bob with bangs, black',
    outfitColors: ['#ef6f5e', '#c9513f'],
    defaultFraming: bust,
    look: {
      skin: '#f6d5bc',
      skinShade: '#e0b090',
      hair: '#16141a',
      hairShade: '#2d2a33',
      hairStyle: 'bob-bangs',
      brows: '#1f1a1a',
      iris: '#3b261a',
      lips: '#c2565a',
      blush: 'rgba(240, 110, 110, 0.3)',
      outfit: '#ef6f5e',
      outfitShade: '#c9513f',
      outfitAccent: '#c9513f',
      neckline: 'round',
      faceWidth: 142,
      jaw: 0.88,
      lashes: true,
      backdrop: '#ffe0d8',
    },
  },
  {
    id: 'omar',
    names: { en: 'Omar', zh: '奥马尔' },
    description: { en: 'Relaxed storyteller with short curls, a full beard and an olive shirt', zh: '短卷发、络腮胡、橄榄绿衬衫的轻松讲述者' },
    gender: 'male',
    ageRange: [30, 45],
    skinTone: 'V',
    hair: 'short curls, black, full beard',
    outfitColors: ['#5f7a3a', '#e9e4d4'],
    defaultFraming: bust,
    look: {
      skin: '#9a6440',
      skinShade: '#7b4a2c',
      hair: '#1b1411',
      hairShade: '#3a2b24',
      hairStyle: 'short-curly',
      brows: '#1b1411',
      iris: '#2c1b12',
      lips: '#5e2e22',
      blush: 'rgba(190, 80, 60, 0.18)',
      outfit: '#5f7a3a',
      outfitShade: '#4a5f2c',
      outfitAccent: '#4a5f2c',
      neckline: 'collar',
      faceWidth: 156,
      jaw: 1.06,
      beard: { color: '#1b1411', style: 'short' },
      backdrop: '#e3ecd0',
    },
  },
  {
    id: 'rosa',
    names: { en: 'Rosa', zh: '罗莎' },
    description: { en: 'Graceful mentor with a silver bun, pearl studs and a plum top', zh: '银发盘髻、珍珠耳钉、梅紫色上衣的优雅导师' },
    gender: 'female',
    ageRange: [55, 70],
    skinTone: 'III',
    hair: 'silver, in a bun',
    outfitColors: ['#7b4b94', '#5d3672'],
    defaultFraming: bust,
    look: {
      skin: '#dca27c',
      skinShade: '#bd815b',
      hair: '#d9d7dc',
      hairShade: '#b4b1b8',
      hairStyle: 'bun',
      brows: '#8a8088',
      iris: '#4b3322',
      lips: '#9c4f55',
      blush: 'rgba(220, 100, 100, 0.25)',
      outfit: '#7b4b94',
      outfitShade: '#5d3672',
      outfitAccent: '#5d3672',
      neckline: 'crew',
      faceWidth: 146,
      jaw: 0.96,
      earrings: { color: '#f6f1e6', style: 'stud' },
      ageLines: true,
      lashes: true,
      backdrop: '#ece0f4',
    },
  },
  {
    id: 'leo',
    names: { en: 'Leo', zh: '里奥' },
    description: { en: 'Energetic student with a messy auburn crop and an orange hoodie', zh: '凌乱赤褐短发、橙色连帽衫的活力学生' },
    gender: 'male',
    ageRange: [18, 25],
    skinTone: 'II',
    hair: 'messy crop, auburn',
    outfitColors: ['#f08a24', '#c96a10'],
    defaultFraming: bust,
    look: {
      skin: '#efc3a0',
      skinShade: '#d69f7a',
      hair: '#8c3f1e',
      hairShade: '#a8532b',
      hairStyle: 'messy-crop',
      brows: '#6e3018',
      iris: '#4d7a3e',
      lips: '#b86a5c',
      blush: 'rgba(235, 115, 100, 0.28)',
      outfit: '#f08a24',
      outfitShade: '#c96a10',
      outfitAccent: '#fbe3c6',
      neckline: 'hoodie',
      faceWidth: 148,
      jaw: 0.97,
      backdrop: '#fde6cf',
    },
  },
];

export function findIllustratedAvatar(id: string): IllustratedAvatar | undefined {
  return ILLUSTRATED_AVATARS.find((avatar) => avatar.id === id);
}
