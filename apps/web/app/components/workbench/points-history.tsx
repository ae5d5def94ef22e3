import { useCallback, useEffect, useState } from "react";
import { type CallData, POINT_ENTRY_TYPES, type PointEntryKind } from "@voxwork/contract";
import { pointPageListCall } from "@voxwork/contract/client";
import { tPlural, useLocale, useT, type Locale, type Translate } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { Label } from "../ui/input";

type Page = CallData<typeof pointPageListCall>;
const PAGE_SIZE = 10;

/** The points history (`/bill/point/consume/pageList`): newest first, paged, filtered by type. */
/** A ledger entry's note for people: reasons the server writes as keys (`video-translation.regenerate:3`) are said in the page's language. */
function entryNote(reason: string | null, t: Translate, locale: Locale): string | null {
  // The monthly grant: "free plan, 2026-11".
  const grant = reason?.match(/^(free|pro|business) plan, (\d{4})-(\d{2})$/);
  if (grant) {
    const month = new Intl.DateTimeFormat(locale === "zh" ? "zh-CN" : "en", { year: "numeric", month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(Number(grant[2]), Number(grant[3]) - 1, 1)));
    return t("accounts.ledgerNotes.monthlyGrant", { plan: t(`planNames.${grant[1] as "free" | "pro" | "business"}`), month });
  }
  const regenerated = reason?.match(/^video-translation\.regenerate:(\d+)$/);
  if (regenerated) {
    const count = Number(regenerated[1]);
    return tPlural(locale, "accounts.ledgerNotes.regenerated", count);
  }
  return reason;
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
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="points-history">
          <thead className="bg-surface-muted text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">{t("accounts.plan.colDate")}</th>
              <th className="px-3 py-2 font-medium">{t("accounts.plan.colType")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("accounts.plan.colChange")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("accounts.plan.colBalance")}</th>
              <th className="px-3 py-2 font-medium">{t("accounts.plan.colNote")}</th>
            </tr>
          </thead>
          <tbody>
            {page?.list.map((entry) => (
              <tr key={entry.id} className="border-t border-border" data-type={entry.type}>
                <td className="px-3 py-2 whitespace-nowrap">{dates.format(new Date(entry.createdAt))}</td>
                <td className="px-3 py-2">{t(`accounts.entryTypes.${entry.type}`)}</td>
                <td className={cn("px-3 py-2 text-right tabular-nums", entry.availableDelta < 0 ? "text-destructive" : "text-primary")}>{numbers.format(entry.availableDelta)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{plain.format(entry.availableAfter)}</td>
                <td className="max-w-48 truncate px-3 py-2 text-muted-foreground" data-testid="points-entry-note">
                  {entryNote(entry.reason, t, locale) ?? entry.reference ?? ""}
                </td>
              </tr>
            ))}
            {page && page.list.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
                  {t("accounts.plan.empty")}
                </td>
              </tr>
            ) : null}
            {!page && loading ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
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
