import { useEffect, useState } from "react";
import { authProvidersCall } from "@voxwork/contract/client";
import { localizePath, useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { authApi, IdentityError, signInWithPopup } from "../../lib/auth-client";
import { Button } from "../ui/button";
import { useIdentityMessage } from "./auth-form";
import { useSignIn } from "./use-sign-in";

type Provider = { id: string; name: string; type: "social" | "oidc" };

const MOBILE_MAX_WIDTH = 768;

/**
 * Sign-in buttons for the providers configured on the server (only those get a button). Desktop
 * uses a 500×600 popup; on mobile, or when the popup is blocked, the whole window goes to the
 * provider and `/login-loading` completes the sign-in.
 */
export function ProviderButtons() {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const signIn = useSignIn();
  const identityMessage = useIdentityMessage();
  const [providers, setProviders] = useState<Provider[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.call(authProvidersCall, {}).then(
      (answer) => live && setProviders(answer.providers),
      (failure: unknown) => {
        console.warn("providers unavailable", failure);
        if (live) setProviders([]);
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  const loading = localizePath("/login-loading", locale);

  async function redirectTo(provider: Provider) {
    const answer = await authApi.startRedirect(provider, loading, `${loading}?error=provider`);
    window.location.assign(answer.url);
  }

  async function start(provider: Provider) {
    setError(null);
    setBusy(provider.id);
    try {
      if (window.innerWidth <= MOBILE_MAX_WIDTH) return await redirectTo(provider);
      try {
        const token = await signInWithPopup(provider.id, loading);
        await signIn.withToken(token);
      } catch (failure) {
        if (failure instanceof IdentityError && failure.code === "popup-blocked") {
          setError(identityMessage(failure));
          return await redirectTo(provider);
        }
        throw failure;
      }
    } catch (failure) {
      if (failure instanceof IdentityError && failure.code === "cancelled-popup-request") return;
      setError(identityMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  if (!providers?.length) return null;
  return (
    <div className="mt-6 border-t border-border pt-6" data-testid="auth-providers">
      <p className="text-sm font-medium">{t("auth.orProvider")}</p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {providers.map((provider) => (
          <Button key={provider.id} variant="outline" type="button" disabled={busy !== null && busy !== provider.id} onClick={() => void start(provider)} data-provider={provider.id}>
            {t("accounts.form.providerSignIn", { provider: provider.name })}
          </Button>
        ))}
      </div>
      {error ? (
        <p role="alert" data-testid="provider-error" className="mt-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
