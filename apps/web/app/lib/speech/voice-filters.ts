import type { VoiceView } from "@voxwork/contract";

/**
 * Voice-library search state ⇄ URL query (`?tab=mine&language=en&q=warm`), so a filtered library
 * can be linked and survives a reload, and the list call's body built from it.
 */

export const VOICE_TABS = ["all", "mine", "favorites"] as const;
export type VoiceTab = (typeof VOICE_TABS)[number];

export const FILTER_KEYS = ["language", "gender", "age", "accent", "useCase", "engineId"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export interface VoiceSearch {
  tab: VoiceTab;
  query: string;
  filters: Partial<Record<FilterKey, string>>;
}

/** The body of `voiceListCall` (spelled out: the web app does not depend on zod). */
export interface VoiceListBody {
  tab: VoiceTab;
  query?: string;
  language?: string;
  gender?: NonNullable<VoiceView["gender"]>;
  age?: NonNullable<VoiceView["age"]>;
  accent?: string;
  useCase?: string;
  engineId?: string;
  pageNum: number;
  pageSize: number;
}

const GENDERS = new Set(["female", "male", "neutral"]);
const AGES = new Set(["child", "young", "adult", "senior"]);

export function searchFromParams(params: URLSearchParams): VoiceSearch {
  const tabParam = params.get("tab");
  const tab = (VOICE_TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as VoiceTab) : "all";
  const filters: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (key === "gender" && !GENDERS.has(value)) continue;
    if (key === "age" && !AGES.has(value)) continue;
    filters[key] = value.slice(0, 80);
  }
  return { tab, query: (params.get("q") ?? "").slice(0, 100), filters };
}

/** The same search as query parameters; defaults are left out so plain `/workbench/voice-library` stays clean. */
export function searchToParams(search: VoiceSearch, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ["tab", "q", ...FILTER_KEYS]) params.delete(key);
  if (search.tab !== "all") params.set("tab", search.tab);
  if (search.query.trim()) params.set("q", search.query.trim());
  for (const key of FILTER_KEYS) {
    const value = search.filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

export function listBody(search: VoiceSearch, pageNum: number, pageSize: number): VoiceListBody {
  const body: VoiceListBody = { tab: search.tab, pageNum, pageSize };
  if (search.query.trim()) body.query = search.query.trim();
  const { language, gender, age, accent, useCase, engineId } = search.filters;
  if (language) body.language = language;
  if (gender && GENDERS.has(gender)) body.gender = gender as VoiceListBody["gender"];
  if (age && AGES.has(age)) body.age = age as VoiceListBody["age"];
  if (accent) body.accent = accent;
  if (useCase) body.useCase = useCase;
  if (engineId) body.engineId = engineId;
  return body;
}

export function activeFilterCount(search: VoiceSearch): number {
  return FILTER_KEYS.filter((key) => search.filters[key]).length;
}
