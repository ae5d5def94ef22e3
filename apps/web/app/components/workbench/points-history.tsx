import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { type CallData, parseLedgerNote, POINT_ENTRY_TYPES, type PointEntryKind } from "@voxwork/contract";
import { pointPageListCall } from "@voxwork/contract/client";
import { languageTag, localizePath, t as translate, tPlural, useLocale, useT, type Locale, type MessageKey } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { jobPagePath, jobToolLabelKey } from "../../lib/job-kinds";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { Label } from "../ui/input";

type Page = CallData<typeof pointPageListCall>;
type PointEntry = Page["list"][number];
const PAGE_SIZE = 10;

/** The points history (`/bill/point/consume/pageList`): newest first, paged, filtered by type. */
/**
 * A ledger entry's note for people, in the page's language: the server writes note keys
 * (`plan-grant:free:2026-11`, `video-translation.regenerate:3`, a product id), read by
 * `parseLedgerNote`; older rows ("free plan, 2026-11") are read the same way.
 */
export function entryNote(reason: string | null, locale: Locale): string | null {
  const note = parseLedgerNote(reason);
  if (!note) return reason;
  const say = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  switch (note.kind) {
    case "plan-grant": {
      const month = new Intl.DateTimeFormat(languageTag(locale), { year: "numeric", month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(note.year, note.month - 1, 1)));
      return say("accounts.ledgerNotes.monthlyGrant", { plan: say(`planNames.${note.planId}`), month });
    }
    case "regenerated-lines":
      return tPlural(locale, "accounts.ledgerNotes.regenerated", note.lines);
    case "plan-purchase":
      return say(note.period === "month" ? "accounts.ledgerNotes.planMonth" : "accounts.ledgerNotes.planYear", { plan: say(`planNames.${note.planId}`) });
    case "points-purchase":
      return tPlural(locale, "accounts.ledgerNotes.pointPack", note.points);
  }
}

/**
 * What a job's entry did with its reservation, said in points: a charge moves reserved points
 * (its available change is 0, which alone reads as "Charged 0"), a release returns them.
 */
export function jobNote(entry: Pick<PointEntry, "type" | "freezeDelta" | "jobId">, locale: Locale): string | null {
  if (!entry.jobId) return null;
  const points = Math.abs(entry.freezeDelta);
  switch (entry.type) {
    case "freeze":
      return tPlural(locale, "accounts.ledgerNotes.reserved", points);
    case "settle":
      return tPlural(locale, "accounts.ledgerNotes.charged", points);
    case "release":
      return tPlural(locale, "accounts.ledgerNotes.released", points);
    default:
      return null;
  }
}

/**
 * What a job's entry was for, from the job it references: the tool (a pro translation as the pro
 * tool), the job's title (its file's name unless renamed) and where the run can be seen again.
 * Null for entries without a job or whose job was deleted.
 */
export function entryJob(entry: Pick<PointEntry, "jobId" | "job">, locale: Locale): { tool: string; title: string; path: string | null } | null {
  if (!entry.jobId || !entry.job) return null;
  const job = { id: entry.jobId, type: entry.job.type, input: entry.job.mode ? { mode: entry.job.mode } : {} };
  const path = jobPagePath(job);
  return { tool: translate(locale, jobToolLabelKey(job)), title: entry.job.title || translate(locale, "history.untitled"), path: path && localizePath(path, locale) };
}

export function PointsHistory({ refreshKey = 0 }: { refreshKey?: number }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const [pageNum, setPageNum] = useState(1);
  const [type, setType] = useState<PointEntryKind | "">("");
  const [page, setPage] = useState<Page | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPage(await api.call(pointPageListCall, { pageNum, pageSize: PAGE_SIZE, ...(type ? { types: [type] } : {}) }));
    } catch (error) {
      console.warn("points history unavailable", error);
    } finally {
      setLoading(false);
    }
  }, [api, pageNum, type]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const numbers = new Intl.NumberFormat(locale === "zh" ? "zh-CN" : "en-US", { signDisplay: "exceptZero" });
  const plain = new Intl.NumberFormat(locale === "zh" ? "zh-CN" : "en-US");
  const dates = new Intl.DateTimeFormat(locale === "zh" ? "zh-CN" : "en-US", { dateStyle: "medium", timeStyle: "short" });
  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 1;

  return (
    <section className="mt-8" aria-labelledby="points-history-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="points-history-title" className="text-lg font-semibold">
          {t("accounts.plan.history")}
        </h2>
        <div className="grid gap-1">
          <Label htmlFor="points-type">{t("accounts.plan.filterLabel")}</Label>
          <select
            id="points-type"
            value={type}
            onChange={(event) => {
              setType(event.target.value as PointEntryKind | "");
              setPageNum(1);
            }}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
          >
            <option value="">{t("accounts.plan.filterAll")}</option>
            {POINT_ENTRY_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {t(`accounts.entryTypes.${kind}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-3 overflow-x-auto rounded-xl border border-border">
        <table className="w-full min-w-[44rem] text-left text-sm" data-testid="points-history">
          <thead className="bg-surface-muted text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">{t("accounts.plan.colDate")}</th>
              <th className="px-3 py-2 font-medium">{t("accounts.plan.colType")}</th>
              <th className="px-3 py-2 font-medium">{t("accounts.plan.colFor")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("accounts.plan.colChange")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("accounts.plan.colBalance")}</th>
              <th className="px-3 py-2 font-medium">{t("accounts.plan.colNote")}</th>
            </tr>
          </thead>
          <tbody>
            {page?.list.map((entry) => {
              const job = entryJob(entry, locale);
              return (
              <tr key={entry.id} className="border-t border-border" data-type={entry.type}>
                <td className="px-3 py-2 whitespace-nowrap">{dates.format(new Date(entry.createdAt))}</td>
                <td className="px-3 py-2">{t(`accounts.entryTypes.${entry.type}`)}</td>
                <td className="max-w-56 px-3 py-2" data-testid="points-entry-job">
                  {job ? (
                    <>
                      <span className="block text-xs text-muted-foreground" data-testid="points-entry-tool">{job.tool}</span>
                      {job.path ? (
                        <Link to={job.path} className="block truncate font-medium text-primary hover:underline" data-testid="points-entry-link">
                          {job.title}
                        </Link>
                      ) : (
                        <span className="block truncate font-medium">{job.title}</span>
                      )}
                    </>
                  ) : null}
                </td>
                <td className={cn("px-3 py-2 text-right tabular-nums", entry.availableDelta < 0 ? "text-destructive" : "text-primary")}>{numbers.format(entry.availableDelta)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{plain.format(entry.availableAfter)}</td>
                <td className="max-w-48 truncate px-3 py-2 text-muted-foreground" data-testid="points-entry-note">
                  {entryNote(entry.reason, locale) ?? jobNote(entry, locale) ?? entry.reference ?? ""}
                </td>
              </tr>
              );
            })}
            {page && page.list.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-muted-foreground">
                  {t("accounts.plan.empty")}
                </td>
              </tr>
            ) : null}
            {!page && loading ? (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-muted-foreground">
                  {t("accounts.plan.loading")}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex items-center justify-end gap-2 text-sm">
        <span className="text-muted-foreground">{t("accounts.plan.pageOf", { page: pageNum, pages })}</span>
        <Button variant="outline" size="sm" disabled={pageNum <= 1 || loading} onClick={() => setPageNum((value) => value - 1)}>
          {t("accounts.plan.previous")}
        </Button>
        <Button variant="outline" size="sm" disabled={pageNum >= pages || loading} onClick={() => setPageNum((value) => value + 1)}>
          {t("accounts.plan.next")}
        </Button>
      </div>
    </section>
  );
}
