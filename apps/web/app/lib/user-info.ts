/**
 * `user_info` (spec §3): a cookie holding JSON with at least `token`. The accounts work sets it;
 * the shell only reads it, to guard routes (spec §2/§6). A token means signed in.
 */
export const USER_INFO_COOKIE = "user_info";

export interface UserInfo {
  token?: string;
  userId?: string;
  nickName?: string;
  avatar?: string;
  email?: string;
  isGuest?: boolean;
  [field: string]: unknown;
}

/** The value of one cookie from a `Cookie` header (or `document.cookie`), decoded; null when absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Parsed `user_info`, or null when absent or not a JSON object. */
export function readUserInfo(cookieHeader: string | null | undefined): UserInfo | null {
  const raw = readCookie(cookieHeader, USER_INFO_COOKIE);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as UserInfo) : null;
  } catch {
    return null;
  }
}

/** True when `user_info` holds a non-empty token. */
export function hasToken(info: UserInfo | null): boolean {
  return typeof info?.token === "string" && info.token.length > 0;
}
