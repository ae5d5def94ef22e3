import { type FormEvent, useState } from "react";
import { GiftIcon } from "lucide-react";
import { ErrorCode, messageFor } from "@voxwork/contract";
import { redeemCodeCall } from "@voxwork/contract/client";
import { toast } from "sonner";
import { useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog";
import { Input, Label } from "../ui/input";

/**
 * Gift code modal of /workbench/my-plan (spec §2): `POST /bill/userAccount/redeemCode`, whose
 * gift-code errors come back raw (spec §8) and are shown in the dialog in the page's language.
 */
export function GiftCodeDialog({ onRedeemed }: { onRedeemed?: () => void }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const redeemCode = code.trim();
    if (!redeemCode) return setError(t("giftCode.required"));
    setError(null);
    setSending(true);
    try {
      const envelope = await api.call(redeemCodeCall, { redeemCode }, { raw: true });
      if (envelope.code === ErrorCode.OK && envelope.data) {
        toast.success(t("giftCode.success", { points: envelope.data.points, days: envelope.data.vipDays }));
        setCode("");
        setOpen(false);
        onRedeemed?.();
      } else {
        setError(messageFor(locale, envelope.code) ?? envelope.message);
      }
    } catch (caught) {
      // Non-raw failures were already shown as a toast by the client; keep the reason in the dialog too.
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" data-testid="gift-code-open">
          <GiftIcon />
          {t("giftCode.open")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("shell.close")}>
        <DialogHeader>
          <DialogTitle>{t("giftCode.title")}</DialogTitle>
          <DialogDescription>{t("giftCode.lead")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="gift-code">{t("giftCode.label")}</Label>
            <Input
              id="gift-code"
              value={code}
              maxLength={64}
              autoComplete="off"
              placeholder={t("giftCode.placeholder")}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            {error ? (
              <p role="alert" data-testid="gift-code-error" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={sending}>
              {t("giftCode.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
