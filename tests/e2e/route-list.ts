import { createVerifiedUser } from '../support/accounts.ts';

/**
 * The spec §2 routes the browser tests visit, in English at `path` and in Chinese under `/zh`.
 * Shell routes are listed here by the front-end shell; the marketing site adds its routes to
 * `MARKETING_ROUTES` (same shape). `route-walk.e2e.ts` visits every shell entry (and the marketing ones through the route table) in both languages at both widths.
 */
export type RouteKind =
  /** Anyone may open it: 200 with and without a token. */
  | 'public'
  /** /login, /register, /forgot-password: 200 without a token, sent to `/` with one. */
  | 'guest-only'
  /** /workbench…: sent to `/login` without a token, 200 with one. */
  | 'protected'
  /** Protected, but answers 404 with a token (unknown slugs, component-level paths). */
  | 'protected-not-found'
  /** A status screen answering with its own HTTP status (`status`). */
  | 'status';

export interface RouteCase {
  /** English path; the Chinese one is `/zh` + path (`/zh` for `/`). */
  path: string;
  kind: RouteKind;
  status?: number;
}

export const SHELL_ROUTES: RouteCase[] = [
  // Auth and status screens (blank layout).
  { path: '/login', kind: 'guest-only' },
  { path: '/register', kind: 'guest-only' },
  { path: '/forgot-password', kind: 'guest-only' },
  { path: '/login-basic', kind: 'public' },
  { path: '/login-loading', kind: 'public' },
  { path: '/reset-password', kind: 'public' },
  { path: '/401', kind: 'status', status: 401 },
  { path: '/403', kind: 'status', status: 403 },
  { path: '/404', kind: 'status', status: 404 },
  { path: '/500', kind: 'status', status: 500 },
  { path: '/503', kind: 'status', status: 503 },
  // Workbench (sidebar layout).
  { path: '/workbench/account', kind: 'protected' },
  { path: '/workbench/home', kind: 'protected' },
  { path: '/workbench/my-plan', kind: 'protected' },
  { path: '/workbench/pricing', kind: 'protected' },
  { path: '/workbench/ai-avatar-video', kind: 'protected' },
  { path: '/workbench/ai-tools', kind: 'protected' },
  { path: '/workbench/ai-tools/video-erasure', kind: 'protected' },
  { path: '/workbench/ai-tools/subtitle-extraction', kind: 'protected' },
  { path: '/workbench/ai-tools/audio-separation', kind: 'protected' },
  { path: '/workbench/ai-tools/subtitle-burn-in', kind: 'protected' },
  { path: '/workbench/dubbing-pro', kind: 'protected' },
  { path: '/workbench/dubbing-pro/details', kind: 'protected' },
  { path: '/workbench/dubbing-studio', kind: 'protected' },
  { path: '/workbench/dubbing-studio/details/no-such-project', kind: 'protected-not-found' },
  { path: '/workbench/series', kind: 'protected' },
  { path: '/workbench/speech-to-speech', kind: 'protected' },
  { path: '/workbench/text-to-speech', kind: 'protected' },
  { path: '/workbench/video-translator', kind: 'protected' },
  { path: '/workbench/video-translator/details/no-such-job', kind: 'protected-not-found' },
  { path: '/workbench/video-translator-pro', kind: 'protected' },
  { path: '/workbench/video-translator-pro/result/no-such-job', kind: 'protected-not-found' },
  { path: '/workbench/video-translator-pro/details/no-such-job', kind: 'protected-not-found' },
  { path: '/workbench/voice-cloning', kind: 'protected' },
  { path: '/workbench/voice-library', kind: 'protected' },
  // Component-level "routes" of the spec are components, not pages: 404 (once past the guard).
  { path: '/workbench/video-translator/video-list', kind: 'protected-not-found' },
  { path: '/workbench/video-translator-pro/content-history', kind: 'protected-not-found' },
  { path: '/workbench/voice-library/voice-list', kind: 'protected-not-found' },
  { path: '/workbench/dubbing-studio/timeline', kind: 'protected-not-found' },
];

/**
 * Marketing routes (owner: marketing content). Every article and category list page is added by
 * `marketing.e2e.ts` from `apps/web/content`; unknown slugs answer 404.
 */
export const MARKETING_ROUTES: RouteCase[] = [
  ...[
    '/', '/pricing', '/about-us', '/FAQ', '/help-center', '/developers/api', '/developers/api/reference', '/tools',
    '/content-creators', '/e-commerce', '/educators', '/short-drama-globalization',
    '/speech-to-speech', '/talking-photo', '/text-to-speech', '/video-translator', '/voice-cloning', '/voice-library',
    '/blog', '/guides', '/share', '/mobile', '/transfer-station/subscription-test',
  ].map((path): RouteCase => ({ path, kind: 'public' })),
  ...['/blog/no-such-article', '/guides/no-such-guide', '/blog-list/no-such-category', '/guides-list/no-such-category'].map(
    (path): RouteCase => ({ path, kind: 'status', status: 404 }),
  ),
];

export const ALL_ROUTES: RouteCase[] = [...SHELL_ROUTES, ...MARKETING_ROUTES];

export const LANGUAGES = [
  { locale: 'en', lang: 'en', prefix: '' },
  { locale: 'zh', lang: 'zh-CN', prefix: '/zh' },
] as const;

export function localized(path: string, prefix: string): string {
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

let session: Promise<{ token: string; userId: string }> | undefined;

/**
 * A `user_info` cookie of a real, verified user of the shared test server (made once per worker
 * through the development outbox in E2E_DATA_DIR): the app checks the session on load and signs a
 * made-up token out.
 */
export async function userInfoCookie(baseURL: string) {
  session ??= createVerifiedUser(baseURL, process.env.E2E_DATA_DIR ?? '', `e2e-${process.pid}-${Date.now()}@example.com`);
  const { token, userId } = await session;
  const value = { token, userId, nickName: 'E2E User', email: '', isGuest: false };
  return { name: 'user_info', value: encodeURIComponent(JSON.stringify(value)), url: baseURL };
}

/**
 * A user of its own (a clean points history, its own runs this month), signed in by the cookie the
 * web app reads: for tests that spend points, so the shared user's balance stays what the shell and
 * account tests expect.
 */
export async function freshUserCookie(baseURL: string, name: string, nickName = 'E2E User') {
  const { token, userId } = await createVerifiedUser(baseURL, process.env.E2E_DATA_DIR ?? '', `${name}-${process.pid}-${Date.now()}@example.com`);
  return { name: 'user_info', value: encodeURIComponent(JSON.stringify({ token, userId, nickName, email: '', isGuest: false })), url: baseURL };
}
