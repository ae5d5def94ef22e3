import { type FormEvent, useEffect, useState } from "react";
import type { ApiKeyScope, ApiKeyView } from "@voxwork/contract";
import { apiKeyCreateCall, apiKeyListCall, apiKeyRevokeCall } from "@voxwork/contract/client";
import { TOOL_CATALOGUE } from "@voxwork/contract/tools";
import { CheckIcon, CopyIcon, KeyRoundIcon } from "lucide-react";
import { localizePath, useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { toolLabelKey } from "../../lib/job-kinds";
import { formatDate } from "../history/history-format";
import { Button } from "../ui/button";
import { Input, Label } from "../ui/input";
import { toast } from "../ui/sonner";
import { copySecret } from "../../lib/copy-secret";

/** Tools a key may be scoped to: the built tools of the catalogue (the server checks the same list). */
const SCOPES = TOOL_CATALOGUE.filter((tool) => tool.status === "built" && !("runsAs" in tool)).map((tool) => tool.id) as ApiKeyScope[];

/** Expiry choices, in days from now (null: never). */
const EXPIRY_DAYS = [null, 30, 90, 365] as const;

/**
 * The account page's API keys (issue 19): create one (name, tools, read-only, expiry; its secret
 * shown once with a copy button), list them (prefix, tools, created, last used, expiry, status)
 * and revoke one (refused by the API at once).
 */
export function ApiKeysPanel() {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(SCOPES);
  const [readOnly, setReadOnly] = useState(false);
  const [expiryDays, setExpiryDays] = useState<(typeof EXPIRY_DAYS)[number]>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.call(apiKeyListCall, {}).then(
      (answer) => live && setKeys(answer.list),
      () => live && setKeys([]),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const toolName = (scope: ApiKeyScope) => t(toolLabelKey(scope));
  const expiryLabel = (days: (typeof EXPIRY_DAYS)[number]) => (days === null ? t("apiKeys.create.expiryNever") : days === 365 ? t("apiKeys.create.expiryYear") : t("apiKeys.create.expiryDays", { days }));

  async function create(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || [...trimmed].length > 60) return setFormError(t("apiKeys.create.nameInvalid"));
    if (scopes.length === 0) return setFormError(t("apiKeys.create.scopesInvalid"));
    setFormError(null);
    setBusy(true);
    try {
      const answer = await api.call(apiKeyCreateCall, {
        name: trimmed,
        scopes,
        readOnly,
        ...(expiryDays ? { expiresAt: new Date(Date.now() + expiryDays * 86_400_000).toISOString() } : {}),
      });
      setKeys((current) => [answer.key, ...(current ?? [])]);
      setCreated({ name: answer.key.name, secret: answer.secret });
      setName("");
    } catch {
      // Shown by the client wrapper.
    } finally {
      setBusy(false);
    }
  }

  const copy = (secret: string) => copySecret(secret, "api-key-secret", { copied: t("apiKeys.secret.copied"), copyFailed: t("apiKeys.secret.copyFailed") });

  async function revoke(key: ApiKeyView) {
    try {
      await api.call(apiKeyRevokeCall, { id: key.id });
      setKeys((current) => (current ?? []).map((item) => (item.id === key.id ? { ...item, status: "revoked", revokedAt: new Date().toISOString() } : item)));
      setConfirming(null);
      toast.success(t("apiKeys.list.revoked"));
    } catch {
      // Shown by the client wrapper.
    }
  }

  const toggleScope = (scope: ApiKeyScope, on: boolean) => setScopes((current) => (on ? SCOPES.filter((item) => item === scope || current.includes(item)) : current.filter((item) => item !== scope)));

  return (
    <section className="rounded-2xl border border-border bg-surface p-5 sm:p-6" data-testid="account-api-keys" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title" className="flex items-center gap-2 text-lg font-semibold">
        <KeyRoundIcon aria-hidden="true" className="size-5" />
        {t("apiKeys.title")}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        {t("apiKeys.lead")}{" "}
        <a href={localizePath("/developers/api", locale)} className="text-primary underline underline-offset-2" target="_blank" rel="noreferrer">
          {t("apiKeys.guideLink")}
        </a>
        {" · "}
        <a href="/api/docs" className="text-primary underline underline-offset-2" target="_blank" rel="noreferrer">
          {t("apiKeys.docsLink")}
        </a>
      </p>

      {created ? (
        <div className="mt-4 grid gap-2 rounded-xl border border-primary/40 bg-primary/5 p-4" role="status" data-testid="api-key-secret-box">
          <p className="font-medium">{t("apiKeys.secret.title", { name: created.name })}</p>
          <p className="text-sm text-muted-foreground">{t("apiKeys.secret.warning")}</p>
          <Label htmlFor="api-key-secret" className="sr-only">
            {t("apiKeys.secret.label")}
          </Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id="api-key-secret" readOnly value={created.secret} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" data-testid="api-key-secret" />
            <div className="flex gap-2">
              <Button variant="outline" className="h-10" onClick={() => void copy(created.secret)} data-testid="api-key-copy">
                <CopyIcon aria-hidden="true" />
                {t("apiKeys.secret.copy")}
              </Button>
              <Button className="h-10" onClick={() => setCreated(null)} data-testid="api-key-done">
                <CheckIcon aria-hidden="true" />
                {t("apiKeys.secret.done")}
              </Button>
            </div>
          </div>
        </div>
      ) : null}

      <form onSubmit={(event) => void create(event)} className="mt-4 grid gap-3 rounded-xl bg-surface-muted p-4" noValidate data-testid="api-key-form">
        <h3 className="text-sm font-semibold">{t("apiKeys.create.title")}</h3>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <div className="grid gap-1.5">
            <Label htmlFor="api-key-name">{t("apiKeys.create.name")}</Label>
            <Input id="api-key-name" value={name} maxLength={80} placeholder={t("apiKeys.create.namePlaceholder")} onChange={(event) => setName(event.target.value)} data-testid="api-key-name" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="api-key-expiry">{t("apiKeys.create.expiry")}</Label>
            <select
              id="api-key-expiry"
              value={expiryDays ?? ""}
              onChange={(event) => setExpiryDays(event.target.value ? (Number(event.target.value) as (typeof EXPIRY_DAYS)[number]) : null)}
              className="h-10 rounded-lg border border-border bg-surface px-2 text-sm text-foreground"
              data-testid="api-key-expiry"
            >
              {EXPIRY_DAYS.map((days) => (
                <option key={days ?? "never"} value={days ?? ""}>
                  {expiryLabel(days)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium">{t("apiKeys.create.scopes")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={scopes.length === SCOPES.length} onChange={(event) => setScopes(event.target.checked ? SCOPES : [])} className="size-4 accent-[var(--vx-primary)]" data-testid="api-key-all-tools" />
            {t("apiKeys.create.allTools")}
          </label>
          <div className="grid gap-2 sm:grid-cols-2">
            {SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={scopes.includes(scope)} onChange={(event) => toggleScope(scope, event.target.checked)} className="size-4 accent-[var(--vx-primary)]" data-testid={`api-key-scope-${scope}`} />
                {toolName(scope)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" checked={readOnly} onChange={(event) => setReadOnly(event.target.checked)} className="mt-0.5 size-4 shrink-0 accent-[var(--vx-primary)]" data-testid="api-key-read-only" />
          {t("apiKeys.create.readOnly")}
        </label>
        {formError ? (
          <p role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        ) : null}
        <Button type="submit" disabled={busy} className="justify-self-start" data-testid="api-key-create">
          {t("apiKeys.create.submit")}
        </Button>
      </form>

      {keys === null ? (
        <p className="mt-4 text-sm text-muted-foreground">{t("apiKeys.list.loading")}</p>
      ) : keys.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="api-keys-none">
          {t("apiKeys.list.none")}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3" data-testid="api-keys-list">
          {keys.map((key) => (
            <li key={key.id} className="grid gap-2 rounded-xl border border-border p-4" data-testid="api-key-row" data-status={key.status}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{key.name}</p>
                  <p className="font-mono text-xs text-muted-foreground" data-testid="api-key-prefix">
                    {key.prefix}…
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <span
                    className={
                      key.status === "active"
                        ? "rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary"
                        : "rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-muted-foreground"
                    }
                    data-testid="api-key-status"
                  >
                    {t(`apiKeys.list.status.${key.status}`)}
                  </span>
                  {key.status === "active" && confirming !== key.id ? (
                    <Button variant="outline" size="sm" className="text-destructive" onClick={() => setConfirming(key.id)} data-testid="api-key-revoke">
                      {t("apiKeys.list.revoke")}
                    </Button>
                  ) : null}
                </div>
              </div>
              {confirming === key.id ? (
                <div className="flex flex-col gap-2 rounded-lg bg-destructive/10 p-3 sm:flex-row sm:items-center sm:justify-between" role="alert">
                  <p className="text-sm">{t("apiKeys.list.revokeQuestion", { name: key.name })}</p>
                  <div className="flex gap-2">
                    <Button variant="destructive" size="sm" onClick={() => void revoke(key)} data-testid="api-key-revoke-confirm">
                      {t("apiKeys.list.confirmRevoke")}
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => setConfirming(null)}>
                      {t("apiKeys.list.cancelRevoke")}
                    </Button>
                  </div>
                </div>
              ) : null}
              <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="text-muted-foreground">{t("apiKeys.list.scopes")}</dt>
                <dd data-testid="api-key-scopes">
                  {key.scopes.map(toolName).join(locale === "zh" ? "、" : ", ")} · {t(key.readOnly ? "apiKeys.list.readOnly" : "apiKeys.list.readWrite")}
                </dd>
                <dt className="text-muted-foreground">{t("apiKeys.list.created")}</dt>
                <dd>{formatDate(key.createdAt, locale)}</dd>
                <dt className="text-muted-foreground">{t("apiKeys.list.lastUsed")}</dt>
                <dd data-testid="api-key-last-used">{key.lastUsedAt ? formatDate(key.lastUsedAt, locale) : t("apiKeys.list.neverUsed")}</dd>
                <dt className="text-muted-foreground">{t("apiKeys.list.expires")}</dt>
                <dd>{key.expiresAt ? formatDate(key.expiresAt, locale) : t("apiKeys.list.noExpiry")}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
