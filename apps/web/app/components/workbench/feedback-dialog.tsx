import { type FormEvent, useState } from "react";
import { useLocation } from "react-router";
import { MessageSquareIcon } from "lucide-react";
import { FEEDBACK_CONTACT_MAX, FEEDBACK_MESSAGE_MAX } from "@voxwork/contract";
import { feedbackCreateCall } from "@voxwork/contract/client";
import { toast } from "sonner";
import { useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog";
import { Input, Label, Textarea } from "../ui/input";

/** Feedback dialog (spec §2 layouts): saves the message, the page and an optional contact on the server. */
export function FeedbackDialog() {
  const t = useT();
  const api = useApiClient();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const [contact, setContact] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = message.trim();
    if (!text) return setError(t("feedback.messageRequired"));
    if (text.length > FEEDBACK_MESSAGE_MAX) return setError(t("feedback.messageTooLong", { max: FEEDBACK_MESSAGE_MAX }));
    setError(null);
    setSending(true);
    try {
      await api.call(feedbackCreateCall, { message: text, page: pathname, ...(contact.trim() ? { contact: contact.trim() } : {}) });
      toast.success(t("feedback.sent"));
      setMessage("");
      setContact("");
      setOpen(false);
    } catch {
      // The client has already shown the catalogue message as a toast.
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="feedback-open">
          <MessageSquareIcon />
          <span className="hidden sm:inline">{t("shell.feedback")}</span>
          <span className="sr-only sm:hidden">{t("shell.feedback")}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("shell.close")}>
        <DialogHeader>
          <DialogTitle>{t("feedback.title")}</DialogTitle>
          <DialogDescription>{t("feedback.lead")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="feedback-form">
          <div className="grid gap-1.5">
            <Label htmlFor="feedback-message">{t("feedback.message")}</Label>
            <Textarea
              id="feedback-message"
              value={message}
              maxLength={FEEDBACK_MESSAGE_MAX}
              placeholder={t("feedback.messagePlaceholder")}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setMessage(event.target.value)}
            />
            {error ? <p className="text-sm text-destructive">{error}</p> : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="feedback-page">{t("feedback.page")}</Label>
            <Input id="feedback-page" value={pathname} readOnly />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="feedback-contact">{t("feedback.contact")}</Label>
            <Input
              id="feedback-contact"
              value={contact}
              maxLength={FEEDBACK_CONTACT_MAX}
              placeholder={t("feedback.contactPlaceholder")}
              onChange={(event) => setContact(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={sending}>
              {t("feedback.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
