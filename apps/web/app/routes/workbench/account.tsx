import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { checkPassword } from "@voxwork/contract";
import { authProvidersCall } from "@voxwork/contract/client";
import { toast } from "sonner";
import { localizePath, useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { authApi, IdentityError } from "../../lib/auth-client";
import { clearCurrentUser, getCurrentUser, setSignedIn, updateIdentity, useCurrentUser } from "../../lib/current-user";
import { refreshAccount } from "../../lib/session";
import { policyText, useIdentityMessage, usePasswordPolicy } from "../../components/auth/auth-form";
import { Button } from "../../components/ui/button";
import { Input, Label } from "../../components/ui/input";
import { ApiKeysPanel } from "../../components/workbench/api-keys-panel";
import { WebhooksPanel } from "../../components/workbench/webhooks-panel";
import { UserAvatar } from "../../components/workbench/user-menu";

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-2xl border border-border bg-surface p-5 sm:p-6" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Feedback({ error, ok }: { error: string | null; ok: string | null }) {
  if (error) return <p role="alert" className="text-sm text-destructive">{error}</p>;
  if (ok) return <p role="status" className="text-sm text-primary">{ok}</p>;
  return null;
}

/**
 * Re-authentication (spec §4/§5): a fresh sign-in with the current email and the given password,
 * which must be the same user. Sensitive operations then run on the fresh session.
 */
async function reauthenticate(password: string): Promise<string> {
  const user = getCurrentUser();
  const answer = await authApi.signIn({ email: user.email, password }).catch((error: unknown) => {
    if (error instanceof IdentityError && error.code === "invalid-credential") throw new IdentityError("wrong-password");
    throw error;
  });
  if (answer.user.id !== user.userId) throw new IdentityError("user-mismatch");
  return answer.token;
}

/** `/workbench/account`: profile, email, password, sign-in methods, API keys, account deletion. */
export default function WorkbenchAccount() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const api = useApiClient();
  const user = useCurrentUser();
  const policy = usePasswordPolicy();
  const identityMessage = useIdentityMessage();

  const [nickname, setNickname] = useState("");
  const [profile, setProfile] = useState<{ error: string | null; ok: string | null }>({ error: null, ok: null });
  const [newEmail, setNewEmail] = useState("");
  const [emailState, setEmailState] = useState<{ error: string | null; ok: string | null }>({ error: null, ok: null });
  const [passwords, setPasswords] = useState({ current: "", next: "" });
  const [passwordState, setPasswordState] = useState<{ error: string | null; ok: string | null }>({ error: null, ok: null });
  const [deletePassword, setDeletePassword] = useState("");
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [linked, setLinked] = useState<string[]>([]);
  const [providers, setProviders] = useState<{ id: string; name: string; type: "social" | "oidc" }[]>([]);

  useEffect(() => setNickname(user.nickName), [user.nickName]);

  useEffect(() => {
    const { token } = getCurrentUser();
    if (!token) return;
    let live = true;
    authApi.listAccounts(token).then(
      (accounts) => live && setLinked(accounts.map((account) => account.providerId)),
      (error: unknown) => console.warn("linked accounts unavailable", error),
    );
    api.call(authProvidersCall, {}).then(
      (answer) => live && setProviders(answer.providers),
      (error: unknown) => console.warn("providers unavailable", error),
    );
    return () => {
      live = false;
    };
  }, [api]);

  async function saveNickname(event: FormEvent) {
    event.preventDefault();
    const name = nickname.trim();
    if (!name || [...name].length > 40) return setProfile({ error: t("accounts.account.nicknameInvalid"), ok: null });
    try {
      await authApi.updateUser(user.token, { name });
      updateIdentity({ nickName: name });
      setProfile({ error: null, ok: t("accounts.account.saved") });
    } catch (error) {
      setProfile({ error: identityMessage(error), ok: null });
    }
  }

  async function changeEmail(event: FormEvent) {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(newEmail.trim())) return setEmailState({ error: t("auth.emailInvalid"), ok: null });
    try {
      await authApi.changeEmail(user.token, { newEmail: newEmail.trim(), callbackURL: localizePath("/workbench/account", locale) });
      setEmailState({ error: null, ok: t("accounts.account.changeEmailSent") });
    } catch (error) {
      setEmailState({ error: identityMessage(error), ok: null });
    }
  }

  async function changePassword(event: FormEvent) {
    event.preventDefault();
    const broken = policy.enforced ? checkPassword(policy, passwords.next) : [];
    if (broken.length) return setPasswordState({ error: policyText(t, broken, policy), ok: null });
    try {
      const answer = await authApi.changePassword(user.token, { currentPassword: passwords.current, newPassword: passwords.next, revokeOtherSessions: true });
      // Other sessions are revoked; the answer carries this device's new session token.
      if (answer.token) {
        setSignedIn({ token: answer.token, user: answer.user });
        await refreshAccount(api);
      }
      setPasswords({ current: "", next: "" });
      setPasswordState({ error: null, ok: t("accounts.account.passwordChanged") });
    } catch (error) {
      setPasswordState({ error: identityMessage(error, [], policy), ok: null });
    }
  }

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    setDeleteError(null);
    try {
      const freshToken = await reauthenticate(deletePassword);
      await authApi.deleteUser(freshToken, { password: deletePassword });
      clearCurrentUser();
      toast.success(t("accounts.account.deleted"));
      await navigate(localizePath("/", locale));
    } catch (error) {
      setDeleteError(identityMessage(error));
    }
  }

  async function link(providerId: string) {
    try {
      const answer = await authApi.linkSocial(user.token, providerId, localizePath("/workbench/account", locale));
      window.location.assign(answer.url);
    } catch (error) {
      toast.error(identityMessage(error));
    }
  }

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-5">
      <h1 className="text-2xl font-bold tracking-tight">{t("accounts.account.title")}</h1>

      <Panel title={t("accounts.account.profile")} testId="account-profile">
        <div className="flex items-center gap-4">
          <UserAvatar name={user.nickName || user.email} className="size-14 text-lg" />
          <div className="min-w-0">
            <p className="truncate font-medium">{user.nickName}</p>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            <p className="text-xs text-muted-foreground">{t("accounts.account.avatarLater")}</p>
          </div>
        </div>
        <form onSubmit={(event) => void saveNickname(event)} className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="account-nickname">{t("accounts.account.nickname")}</Label>
            <Input id="account-nickname" value={nickname} maxLength={80} onChange={(event) => setNickname(event.target.value)} />
          </div>
          <Button type="submit" variant="outline">
            {t("accounts.account.saveNickname")}
          </Button>
        </form>
        <div className="mt-2">
          <Feedback {...profile} />
        </div>
      </Panel>

      <Panel title={t("accounts.account.email")}>
        <form onSubmit={(event) => void changeEmail(event)} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="account-new-email">{t("accounts.form.newEmail")}</Label>
            <Input id="account-new-email" type="email" autoComplete="email" value={newEmail} onChange={(event) => setNewEmail(event.target.value)} />
          </div>
          <Button type="submit" variant="outline">
            {t("accounts.account.changeEmail")}
          </Button>
        </form>
        <div className="mt-2">
          <Feedback {...emailState} />
        </div>
      </Panel>

      <Panel title={t("accounts.account.password")}>
        <form onSubmit={(event) => void changePassword(event)} className="grid gap-3" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="account-current-password">{t("accounts.form.currentPassword")}</Label>
            <Input id="account-current-password" type="password" autoComplete="current-password" value={passwords.current} onChange={(event) => setPasswords((value) => ({ ...value, current: event.target.value }))} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="account-new-password">{t("accounts.form.newPassword")}</Label>
            <Input id="account-new-password" type="password" autoComplete="new-password" value={passwords.next} onChange={(event) => setPasswords((value) => ({ ...value, next: event.target.value }))} />
          </div>
          <Button type="submit" variant="outline" className="justify-self-start">
            {t("accounts.account.changePassword")}
          </Button>
          <Feedback {...passwordState} />
        </form>
      </Panel>

      <Panel title={t("accounts.account.providers")}>
        <ul className="grid gap-2 text-sm">
          <li className="flex items-center justify-between rounded-lg bg-surface-muted px-3 py-2">
            <span>{t("accounts.account.emailPassword")}</span>
            {linked.includes("credential") ? <span className="text-muted-foreground">{t("accounts.account.providerLinked")}</span> : null}
          </li>
          {providers.map((provider) => (
            <li key={provider.id} className="flex items-center justify-between rounded-lg bg-surface-muted px-3 py-2">
              <span>{provider.name}</span>
              {linked.includes(provider.id) ? (
                <span className="text-muted-foreground">{t("accounts.account.providerLinked")}</span>
              ) : (
                <Button size="sm" variant="outline" onClick={() => void link(provider.id)}>
                  {t("accounts.account.link")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </Panel>

      <ApiKeysPanel />

      <WebhooksPanel />

      <Panel title={t("accounts.account.danger")} testId="account-delete">
        <p className="text-sm text-muted-foreground">{t("accounts.account.deleteText")}</p>
        <form onSubmit={(event) => void deleteAccount(event)} className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="account-delete-password">{t("accounts.account.deleteConfirm")}</Label>
            <Input id="account-delete-password" type="password" autoComplete="current-password" value={deletePassword} onChange={(event) => setDeletePassword(event.target.value)} />
          </div>
          <Button type="submit" variant="destructive" disabled={!deletePassword}>
            {t("accounts.account.deleteButton")}
          </Button>
        </form>
        <div className="mt-2">
          <Feedback error={deleteError} ok={null} />
        </div>
      </Panel>
    </section>
  );
}
