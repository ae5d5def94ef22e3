import { useSyncExternalStore } from "react";
import type { AccountInfoView } from "@voxwork/contract";
import { readCookie, readUserInfo, USER_INFO_COOKIE, type UserInfo } from "./user-info";

/**
 * The current user (spec §3/§4): identity fields, then account and VIP fields. Only the persisted
 * subset lives in the `user_info` cookie (JSON, SameSite=Lax) that the guards read; the rest is
 * kept in memory and refreshed from `getUserAccount`. A visitor without a user id gets a guest
 * identity on first load; clearing the user resets to a fresh guest.
 */
export interface CurrentUser {
  userId: string;
  nickName: string;
  avatar: string;
  token: string;
  phone: string;
  email: string;
  wechatOpenId: string;
  isGuest: boolean;
  lastLoginTime: number;
  vipLevel: number;
  status: AccountInfoView["status"] | "";
  totalPoint: number;
  availablePoint: number;
  freezePoint: number;
  expireTime: string;
  comboDetail: AccountInfoView["comboDetail"] | null;
  vtUseLimit: number;
  /** Not a spec field: the plan id of the account answer, for labels. Not persisted. */
  planId: AccountInfoView["planId"] | "";
  /** True once account info was loaded in this page session. Not persisted. */
  accountLoaded: boolean;
}

export const PERSISTED_FIELDS = [
  "userId",
  "nickName",
  "avatar",
  "token",
  "phone",
  "email",
  "wechatOpenId",
  "isGuest",
  "lastLoginTime",
  "vipLevel",
  "availablePoint",
  "expireTime",
  "vtUseLimit",
] as const satisfies readonly (keyof CurrentUser)[];

const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export const EMPTY_USER: CurrentUser = {
  userId: "",
  nickName: "",
  avatar: "",
  token: "",
  phone: "",
  email: "",
  wechatOpenId: "",
  isGuest: true,
  lastLoginTime: 0,
  vipLevel: 0,
  status: "",
  totalPoint: 0,
  availablePoint: 0,
  freezePoint: 0,
  expireTime: "",
  comboDetail: null,
  vtUseLimit: 0,
  planId: "",
  accountLoaded: false,
};

/** A new guest (spec §4): id = timestamp + random suffix, nickname `Guest_` + suffix. */
export function createGuest(now = Date.now(), random: () => number = Math.random): CurrentUser {
  const suffix = Array.from({ length: 6 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(random() * 36)]).join("");
  return { ...EMPTY_USER, userId: `${now}${suffix}`, nickName: `Guest_${suffix}`, isGuest: true };
}

/** The id sent in calls: guests are prefixed `guest_` (spec §4). */
export function callUserId(user: Pick<CurrentUser, "userId" | "isGuest">): string | undefined {
  if (!user.userId) return undefined;
  return user.isGuest ? `guest_${user.userId}` : user.userId;
}

/** The persisted subset of a user, as stored in `user_info`. */
export function persistedSubset(user: CurrentUser): UserInfo {
  const out: Record<string, unknown> = {};
  for (const field of PERSISTED_FIELDS) out[field] = user[field];
  return out as UserInfo;
}

/** A user from the stored `user_info` (unknown or mistyped fields fall back to the empty values). */
export function userFromInfo(info: UserInfo | null): CurrentUser {
  const user: CurrentUser = { ...EMPTY_USER };
  if (!info) return user;
  const target = user as unknown as Record<string, unknown>;
  for (const field of PERSISTED_FIELDS) {
    const value = info[field];
    if (value !== undefined && typeof value === typeof EMPTY_USER[field]) target[field] = value;
  }
  // A stored token without an explicit guest flag is a signed-in user.
  if (info.isGuest === undefined) user.isGuest = !user.token;
  return user;
}

let current: CurrentUser | null = null;
/** The `user_info` value `current` was read from or written as: the cookie stays the source of truth across tabs. */
let currentRaw: string | null = null;
const listeners = new Set<() => void>();

function writeCookie(user: CurrentUser) {
  const value = encodeURIComponent(JSON.stringify(persistedSubset(user)));
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${USER_INFO_COOKIE}=${value}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

function emit() {
  for (const listener of listeners) listener();
}

/**
 * The current user in the browser. Re-read whenever `user_info` changed underneath (another tab
 * signed in or out); the in-memory account fields survive while it is the same user and token.
 */
export function getCurrentUser(): CurrentUser {
  if (typeof document === "undefined") return EMPTY_USER;
  const raw = readCookie(document.cookie, USER_INFO_COOKIE);
  if (current && raw === currentRaw) return current;
  const stored = userFromInfo(readUserInfo(document.cookie));
  const sameSession = current !== null && current.userId === stored.userId && current.token === stored.token;
  current = sameSession ? { ...current!, ...persistedSubset(stored) } as CurrentUser : stored;
  currentRaw = raw;
  return current;
}

function setCurrentUser(next: CurrentUser) {
  writeCookie(next);
  current = next;
  currentRaw = readCookie(document.cookie, USER_INFO_COOKIE);
  emit();
}

/** Picks up a `user_info` changed by another tab (on focus) and re-renders when it did. */
export function syncFromCookie() {
  const before = current;
  if (getCurrentUser() !== before) emit();
}

/** Generates the guest identity when no user id exists yet (first load). */
export function ensureGuestIdentity(): CurrentUser {
  const user = getCurrentUser();
  if (!user.userId) setCurrentUser(createGuest());
  return getCurrentUser();
}

export interface SignedInIdentity {
  token: string;
  user: { id: string; name?: string | null; email?: string | null; image?: string | null };
}

/** Login (spec §4): sets every identity field and marks the user non-guest (account info follows). */
export function setSignedIn({ token, user }: SignedInIdentity) {
  setCurrentUser({
    ...EMPTY_USER,
    userId: user.id,
    nickName: user.name || user.email?.split("@")[0] || "",
    avatar: user.image ?? "",
    token,
    email: user.email ?? "",
    isGuest: false,
    lastLoginTime: Date.now(),
  });
}

/** Updates identity fields of the signed-in user (profile changes). */
export function updateIdentity(patch: Partial<Pick<CurrentUser, "nickName" | "avatar" | "email">>) {
  setCurrentUser({ ...getCurrentUser(), ...patch });
}

/** Account and VIP fields from `getUserAccount`. */
export function setAccountInfo(info: AccountInfoView) {
  const user = getCurrentUser();
  if (user.isGuest || user.userId !== info.userId) return;
  setCurrentUser({
    ...user,
    vipLevel: info.vipLevel,
    status: info.status,
    totalPoint: info.totalPoint,
    availablePoint: info.availablePoint,
    freezePoint: info.freezePoint,
    expireTime: info.expireTime ?? "",
    comboDetail: info.comboDetail,
    vtUseLimit: info.vtUseLimit,
    planId: info.planId,
    accountLoaded: true,
  });
}

/** Clearing the user resets everything to a (new) guest (spec §4). */
export function clearCurrentUser() {
  setCurrentUser(createGuest());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current user, re-rendering on change. The server render and hydration see the empty user. */
export function useCurrentUser(): CurrentUser {
  return useSyncExternalStore(subscribe, getCurrentUser, () => EMPTY_USER);
}

export function isSignedIn(user: CurrentUser): boolean {
  return !user.isGuest && user.token.length > 0;
}
