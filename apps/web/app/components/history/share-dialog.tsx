import { useEffect, useState } from "react";
import type { JobView, ShareLinkView } from "@voxwork/contract";
import { shareCreateCall, shareListCall, shareRevokeCall } from "@voxwork/contract/client";
import { CopyIcon, LinkIcon } from "lucide-react";
import { toast } from "../ui/sonner";
import { localizePath, useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { Input, Label } from "../ui/input";
import { formatDate } from "./history-format";

/** Public links of one job: create, copy, revoke (owner only; the server checks). */
export function ShareDialog({ job, title, onOpenChange }: { job: JobView | null; title: string; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const [links, setLinks] = useState<ShareLinkView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const jobId = job?.id;

  useEffect(() => {
    if (!jobId) return;
    let live = true;
    setLinks(null);
    api.call(shareListCall, { jobId }).then(
      (page) => live && setLinks(page.list),
      () => live && setLinks([]),
    );
    return () => {
      live = false;
    };
  }, [api, jobId]);

  const absolute = (link: ShareLinkView) => `${window.location.origin}${localizePath(link.path, locale)}`;

  async function create() {
    if (!jobId) return;
    setBusy(true);
    try {
      const link = await api.call(shareCreateCall, { jobId });
      setLinks((current) => [link, ...(current ?? [])]);
      await copy(link);
    } catch {
      // Shown by the client wrapper.
    } finally {
      setBusy(false);
    }
  }

  async function copy(link: ShareLinkView) {
    try {
      await navigator.clipboard.writeText(absolute(link));
      toast.success(t("history.share.copied"));
    } catch {
      const input = document.getElementById(`share-link-${link.token}`) as HTMLInputElement | null;
      input?.select();
      toast.error(t("history.share.copyFailed"));
    }
  }

  async function revoke(link: ShareLinkView) {
    try {
      await api.call(shareRevokeCall, { token: link.token });
      setLinks((current) => (current ?? []).filter((item) => item.token !== link.token));
      toast.success(t("history.share.revoked"));
    } catch {
      // Shown by the client wrapper.
    }
  }

  return (
    <Dialog open={job !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("history.result.close")} data-testid="share-dialog" className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("history.share.title", { title })}</DialogTitle>
          <DialogDescription>{t("history.share.lead")}</DialogDescription>
        </DialogHeader>
        <Button onClick={() => void create()} disabled={busy} className="justify-self-start" data-testid="share-create">
          <LinkIcon aria-hidden="true" />
          {t("history.share.create")}
        </Button>
        {links === null ? (
          <p className="text-sm text-muted-foreground">{t("history.share.loading")}</p>
        ) : links.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="share-none">
            {t("history.share.none")}
          </p>
        ) : (
          <ul className="grid gap-3" data-testid="share-links">
            {links.map((link) => (
              <li key={link.token} className="grid gap-1.5" data-testid="share-link">
                <Label htmlFor={`share-link-${link.token}`} className="text-xs text-muted-foreground">
                  {t("history.share.linkLabel", { date: formatDate(link.createdAt, locale) })}
                </Label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input id={`share-link-${link.token}`} readOnly value={absolute(link)} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" data-testid="share-url" />
                  <div className="flex gap-2">
                    <Button variant="outline" size="sm" className="h-9" onClick={() => void copy(link)}>
                      <CopyIcon aria-hidden="true" />
                      {t("history.share.copy")}
                    </Button>
                    <Button variant="outline" size="sm" className="h-9 text-destructive" onClick={() => void revoke(link)} data-testid="share-revoke">
                      {t("history.share.revoke")}
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
