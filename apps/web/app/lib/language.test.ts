import { describe, expect, it } from "vitest";
import { detectLocale, localeFromBrowserLanguage } from "./language";
import { hasToken, readUserInfo } from "./user-info";

describe("language detection (spec §4/§9)", () => {
  it("gives en to Traditional Chinese browsers and zh to Simplified Chinese ones", () => {
    expect(localeFromBrowserLanguage("zh-CN")).toBe("zh");
    expect(localeFromBrowserLanguage("zh")).toBe("zh");
    expect(localeFromBrowserLanguage("zh-SG")).toBe("zh");
    expect(localeFromBrowserLanguage("zh-TW")).toBe("en");
    expect(localeFromBrowserLanguage("zh-hk")).toBe("en");
    expect(localeFromBrowserLanguage("zh-MO")).toBe("en");
    expect(localeFromBrowserLanguage("zh-Hant-TW")).toBe("en");
    expect(localeFromBrowserLanguage("fr-FR")).toBe("en");
    expect(localeFromBrowserLanguage(undefined)).toBe("en");
  });
  it("prefers the stored choice", () => {
    expect(detectLocale("a=1; i18n_redirected=en", ["zh-CN"])).toBe("en");
    expect(detectLocale("i18n_redirected=zh", ["en-US"])).toBe("zh");
    expect(detectLocale("i18n_redirected=fr", ["zh-CN"])).toBe("zh");
    expect(detectLocale(null, [])).toBe("en");
  });
});

describe("user_info cookie", () => {
  it("reads the token from URL-encoded JSON", () => {
    const cookie = `x=1; user_info=${encodeURIComponent(JSON.stringify({ token: "abc", userId: "u1" }))}`;
    expect(readUserInfo(cookie)).toMatchObject({ token: "abc", userId: "u1" });
    expect(hasToken(readUserInfo(cookie))).toBe(true);
  });
  it("treats a missing, empty or malformed value as no token", () => {
    expect(hasToken(readUserInfo(null))).toBe(false);
    expect(hasToken(readUserInfo("user_info=%7B%22token%22%3A%22%22%7D"))).toBe(false);
    expect(hasToken(readUserInfo("user_info=not-json"))).toBe(false);
    expect(hasToken(readUserInfo("user_info=%5B1%5D"))).toBe(false);
  });
});
