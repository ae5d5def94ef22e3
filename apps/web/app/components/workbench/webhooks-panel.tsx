import { type FormEvent, useCallback, useEffect, useState } from "react";
import type { WebhookDeliveryView, WebhookEndpointView, WebhookEvent } from "@voxwork/contract";
import { webhookCreateCall, webhookDeleteCall, webhookDeliveriesCall, webhookListCall, webhookRedeliverCall, webhookSetEnabledCall, webhookTestCall } from "@voxwork/contract/client";
import { CheckIcon, CopyIcon, RefreshCwIcon, SendIcon, WebhookIcon } from "lucide-react";
import { useLocale, usePlural, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { formatDate } from "../history/history-format";
import { Button } from "../ui/button";
import { Input, Label } from "../ui/input";
import { toast } from "../ui/sonner";
import { copySecret } from "../../lib/copy-secret";

/** The events an endpoint may subscribe to (the server checks the same list, `WEBHOOK_EVENTS`). */
const EVENTS: readonly WebhookEvent[] = ["job.succeeded", "job.failed", "points.low", "series.episode.completed", "series.episode.failed"];
/** The catalogue key of an event's name (event names hold dots, catalogue keys cannot). */
const EVENT_LABEL = { "job.succeeded": "webhooks.events.jobSucceeded", "job.failed": "webhooks.events.jobFailed", "points.low": "webhooks.events.pointsLow", "series.episode.completed": "webhooks.events.seriesEpisodeCompleted", "series.episode.failed": "webhooks.events.seriesEpisodeFailed", test: "webhooks.events.test" } as const;
const eventLabel = (type: string) => EVENT_LABEL[type as keyof typeof EVENT_LABEL] ?? EVENT_LABEL.test;
/** Endpoints per user (`WEBHOOK_ENDPOINTS_PER_USER` on the server). */
const MAX_ENDPOINTS = 5;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * The account page's webhooks (issue 19, decision 038): add an endpoint (URL, events; its signing
 * secret shown once), turn it on or off, delete it, send a test event, and read its delivery log
 * (event, status, attempts, the receiver's answers) with a "Send again" button per delivery.
 */
export function WebhooksPanel() {
  const t = useT();
  const api = useApiClient();
  const [endpoints, setEndpoints] = useState<WebhookEndpointView[] | null>(null);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["job.succeeded", "job.failed"]);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);

  useEffect(() => {
    let live = true;
    api.call(webhookListCall, {}).then(
      (answer) => live && setEndpoints(answer.list),
      () => live && setEndpoints([]),
    );
    return () => {
      live = false;
    };
  }, [api]);

  async function create(event: FormEvent) {
    event.preventDefault();
    const trimmed = url.trim();
    if (!isHttpUrl(trimmed)) return setFormError(t("webhooks.create.urlInvalid"));
    if (events.length === 0) return setFormError(t("webhooks.create.eventsInvalid"));
    setFormError(null);
    setBusy(true);
    try {
      const answer = await api.call(webhookCreateCall, { url: trimmed, events });
      setEndpoints((current) => [answer.endpoint, ...(current ?? [])]);
      setCreated({ url: answer.endpoint.url, secret: answer.secret });
      setUrl("");
    } catch {
      // Shown by the client wrapper.
    } finally {
      setBusy(false);
    }
  }

  const copy = (secret: string) => copySecret(secret, "webhook-secret", { copied: t("webhooks.secret.copied"), copyFailed: t("webhooks.secret.copyFailed") });

  const toggleEvent = (name: WebhookEvent, on: boolean) => setEvents((current) => (on ? EVENTS.filter((item) => item === name || current.includes(item)) : current.filter((item) => item !== name)));
  const full = (endpoints?.length ?? 0) >= MAX_ENDPOINTS;

  return (
    <section className="rounded-2xl border border-border bg-surface p-5 sm:p-6" data-testid="account-webhooks" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className="flex items-center gap-2 text-lg font-semibold">
        <WebhookIcon aria-hidden="true" className="size-5" />
        {t("webhooks.title")}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{t("webhooks.lead")}</p>

      {created ? (
        <div className="mt-4 grid gap-2 rounded-xl border border-primary/40 bg-primary/5 p-4" role="status" data-testid="webhook-secret-box">
          <p className="font-medium break-all">{t("webhooks.secret.title", { url: created.url })}</p>
          <p className="text-sm text-muted-foreground">{t("webhooks.secret.warning")}</p>
          <Label htmlFor="webhook-secret" className="sr-only">
            {t("webhooks.secret.label")}
          </Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id="webhook-secret" readOnly value={created.secret} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" data-testid="webhook-secret" />
            <div className="flex gap-2">
              <Button variant="outline" className="h-10" onClick={() => void copy(created.secret)}>
                <CopyIcon aria-hidden="true" />
                {t("webhooks.secret.copy")}
              </Button>
              <Button className="h-10" onClick={() => setCreated(null)} data-testid="webhook-secret-done">
                <CheckIcon aria-hidden="true" />
                {t("webhooks.secret.done")}
              </Button>
            </div>
          </div>
        </div>
      ) : null}

      <form onSubmit={(event) => void create(event)} className="mt-4 grid gap-3 rounded-xl bg-surface-muted p-4" noValidate data-testid="webhook-form">
        <h3 className="text-sm font-semibold">{t("webhooks.create.title")}</h3>
        <div className="grid gap-1.5">
          <Label htmlFor="webhook-url">{t("webhooks.create.url")}</Label>
          <Input id="webhook-url" type="url" inputMode="url" value={url} maxLength={2000} placeholder={t("webhooks.create.urlPlaceholder")} onChange={(event) => setUrl(event.target.value)} data-testid="webhook-url" />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium">{t("webhooks.create.events")}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {EVENTS.map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={events.includes(name)} onChange={(event) => toggleEvent(name, event.target.checked)} className="size-4 accent-[var(--vx-primary)]" data-testid={`webhook-event-${name}`} />
                {t(eventLabel(name))}
              </label>
            ))}
          </div>
        </fieldset>
        {formError ? (
          <p role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy || full} data-testid="webhook-create">
            {t("webhooks.create.submit")}
          </Button>
          <span className="text-xs text-muted-foreground">{t("webhooks.create.limit", { limit: MAX_ENDPOINTS })}</span>
        </div>
      </form>

      {endpoints === null ? (
        <p className="mt-4 text-sm text-muted-foreground">{t("webhooks.list.loading")}</p>
      ) : endpoints.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="webhooks-none">
          {t("webhooks.list.none")}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3" data-testid="webhooks-list">
          {endpoints.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              onChanged={(changed) => setEndpoints((current) => (current ?? []).map((item) => (item.id === changed.id ? changed : item)))}
              onDeleted={() => setEndpoints((current) => (current ?? []).filter((item) => item.id !== endpoint.id))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function EndpointRow({ endpoint, onChanged, onDeleted }: { endpoint: WebhookEndpointView; onChanged: (endpoint: WebhookEndpointView) => void; onDeleted: () => void }) {
  const t = useT();
  const api = useApiClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [log, setLog] = useState<WebhookDeliveryView[] | null>(null);
  const [showLog, setShowLog] = useState(false);

  const loadLog = useCallback(async () => {
    try {
      setLog((await api.call(webhookDeliveriesCall, { id: endpoint.id })).list);
    } catch {
      setLog([]);
    }
  }, [api, endpoint.id]);

  useEffect(() => {
    if (showLog) void loadLog();
  }, [showLog, loadLog]);

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      return await work();
    } catch {
      // Shown by the client wrapper.
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const setEnabled = (enabled: boolean) =>
    run(async () => {
      onChanged(await api.call(webhookSetEnabledCall, { id: endpoint.id, enabled }));
      toast.success(t(enabled ? "webhooks.list.enabledNow" : "webhooks.list.disabledNow"));
    });

  const remove = () =>
    run(async () => {
      await api.call(webhookDeleteCall, { id: endpoint.id });
      toast.success(t("webhooks.list.deleted"));
      onDeleted();
    });

  const reportAttempt = (delivery: WebhookDeliveryView, delivered: "webhooks.list.testSent" | "webhooks.log.sentAgain", failed: "webhooks.list.testFailed" | "webhooks.log.notDelivered") => {
    const last = delivery.attemptLog.at(-1);
    if (last && last.responseStatus !== null && last.responseStatus >= 200 && last.responseStatus < 300) toast.success(t(delivered, { status: last.responseStatus }));
    else toast.error(t(failed));
  };

  const sendTest = () =>
    run(async () => {
      const delivery = await api.call(webhookTestCall, { id: endpoint.id });
      reportAttempt(delivery, "webhooks.list.testSent", "webhooks.list.testFailed");
      setShowLog(true);
      await loadLog();
    });

  const sendAgain = (deliveryId: string) =>
    run(async () => {
      const delivery = await api.call(webhookRedeliverCall, { deliveryId });
      reportAttempt(delivery, "webhooks.log.sentAgain", "webhooks.log.notDelivered");
      await loadLog();
    });

  return (
    <li className="grid gap-2 rounded-xl border border-border p-4" data-testid="webhook-row" data-enabled={endpoint.enabled}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all" data-testid="webhook-row-url">
            {endpoint.url}
          </p>
          <p className="text-xs text-muted-foreground">{endpoint.events.map((name) => t(eventLabel(name))).join(" · ")}</p>
        </div>
        <span
          className={endpoint.enabled ? "rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary" : "rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-muted-foreground"}
          data-testid="webhook-status"
        >
          {t(endpoint.enabled ? "webhooks.list.enabled" : "webhooks.list.disabled")}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void sendTest()} data-testid="webhook-send-test">
          <SendIcon aria-hidden="true" />
          {t("webhooks.list.sendTest")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setShowLog((shown) => !shown)} aria-expanded={showLog} data-testid="webhook-toggle-log">
          {t(showLog ? "webhooks.list.hideLog" : "webhooks.list.showLog")}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void setEnabled(!endpoint.enabled)} data-testid="webhook-toggle-enabled">
          {t(endpoint.enabled ? "webhooks.list.disable" : "webhooks.list.enable")}
        </Button>
        {!confirming ? (
          <Button variant="outline" size="sm" className="text-destructive" onClick={() => setConfirming(true)} data-testid="webhook-delete">
            {t("webhooks.list.delete")}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <div className="flex flex-col gap-2 rounded-lg bg-destructive/10 p-3 sm:flex-row sm:items-center sm:justify-between" role="alert">
          <p className="text-sm break-all">{t("webhooks.list.deleteQuestion", { url: endpoint.url })}</p>
          <div className="flex gap-2">
            <Button variant="destructive" size="sm" disabled={busy} onClick={() => void remove()} data-testid="webhook-delete-confirm">
              {t("webhooks.list.confirmDelete")}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              {t("webhooks.list.cancelDelete")}
            </Button>
          </div>
        </div>
      ) : null}
      {showLog ? <DeliveryLog log={log} busy={busy} onRefresh={() => void loadLog()} onSendAgain={(id) => void sendAgain(id)} /> : null}
    </li>
  );
}

function DeliveryLog({ log, busy, onRefresh, onSendAgain }: { log: WebhookDeliveryView[] | null; busy: boolean; onRefresh: () => void; onSendAgain: (deliveryId: string) => void }) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  if (log === null) return <p className="text-sm text-muted-foreground">{t("webhooks.log.loading")}</p>;
  return (
    <div className="grid gap-2" data-testid="webhook-log">
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={onRefresh} data-testid="webhook-log-refresh">
          <RefreshCwIcon aria-hidden="true" />
          {t("webhooks.log.refresh")}
        </Button>
      </div>
      {log.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("webhooks.log.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">{t("webhooks.log.event")}</th>
                <th className="py-1 pr-3 font-medium">{t("webhooks.log.status")}</th>
                <th className="py-1 pr-3 font-medium">{t("webhooks.log.attempts")}</th>
                <th className="py-1 pr-3 font-medium">{t("webhooks.log.responses")}</th>
                <th className="py-1 pr-3 font-medium">{t("webhooks.log.when")}</th>
                <th className="py-1" />
              </tr>
            </thead>
            <tbody>
              {log.map((delivery) => (
                <tr key={delivery.id} className="border-t border-border align-top" data-testid="webhook-delivery" data-type={delivery.type} data-status={delivery.status}>
                  <td className="py-1.5 pr-3">{t(eventLabel(delivery.type))}</td>
                  <td className="py-1.5 pr-3">
                    {t(`webhooks.log.statusValue.${delivery.status}`)}
                    {delivery.nextAttemptAt ? <span className="block text-xs text-muted-foreground">{t("webhooks.log.nextAttempt", { time: formatDate(delivery.nextAttemptAt, locale) })}</span> : null}
                  </td>
                  <td className="py-1.5 pr-3">{tp("webhooks.log.attemptsCount", delivery.attempts)}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs" data-testid="webhook-delivery-responses">
                    {delivery.attemptLog.map((attempt) => (attempt.responseStatus === null ? t("webhooks.log.noAnswer") : String(attempt.responseStatus))).join(", ")}
                  </td>
                  <td className="py-1.5 pr-3 whitespace-nowrap">{formatDate(delivery.createdAt, locale)}</td>
                  <td className="py-1.5 text-right">
                    <Button variant="outline" size="sm" disabled={busy} onClick={() => onSendAgain(delivery.id)} data-testid="webhook-send-again">
                      {t("webhooks.log.sendAgain")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
