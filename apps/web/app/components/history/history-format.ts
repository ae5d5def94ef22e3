import type { Locale } from "../../i18n";

/** `75.4` → `1:15`; an hour or more → `1:02:03`. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** A file size in the page's language: `12 kB`, `3.4 MB`. */
export function formatBytes(bytes: number, locale: Locale): string {
  const tag = locale === "zh" ? "zh-CN" : "en-US";
  const [unit, value] = bytes >= 1_000_000_000 ? (["gigabyte", bytes / 1e9] as const) : bytes >= 1_000_000 ? (["megabyte", bytes / 1e6] as const) : bytes >= 1000 ? (["kilobyte", bytes / 1e3] as const) : (["byte", bytes] as const);
  return new Intl.NumberFormat(tag, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}

export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "zh" ? "zh-CN" : "en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
