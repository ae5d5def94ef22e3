import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { ErrorCode, type SharedJobView } from "@voxwork/contract";
// A schema-free call handle: no zod on a marketing page (decision 011).
import { ApiError, createApiClient, shareGetCall } from "@voxwork/contract/client";
import type { Route } from "./+types/share";
import { localizePath, useLocale } from "../../i18n";
import { PATHS } from "../../lib/catalog";
import { usePublicConfig } from "../../lib/public-config";
import { CtaLink, HonestNote, PageContainer, PageHero } from "../../components/marketing/marketing-sections";
import { MediaPreview } from "../../components/history/media-preview";
import { formatDate } from "../../components/history/history-format";
import { MISC_COPY } from "../../lib/marketing/content/misc-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

/**
 * `/share?token=…`: the public, read-only view of a result someone shared from the workbench
 * (`/api/share/get`: title, dates and players/downloads of its files). The page is prerendered
 * with its empty state and the token is read after hydration; its copy comes from the loader
 * (marketing pages carry no workbench catalogue). A revoked, deleted or unknown link shows the
 * invalid state. (`?id=` is accepted too, as older links used it.)
 */
export function loader({ request }: Route.LoaderArgs) {
  const copy = MISC_COPY[requestLocale(request)].share;
  return { copy, seo: buildSeo(request, { title: copy.title, description: copy.description, noindex: true }) };
}

type ShareState = { kind: "empty" } | { kind: "loading"; token: string } | { kind: "invalid"; token: string } | { kind: "shared"; token: string; job: SharedJobView };

export default function Share({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const locale = useLocale();
  const config = usePublicConfig();
  const [searchParams] = useSearchParams();
  const [state, setState] = useState<ShareState>({ kind: "empty" });
  const token = (searchParams.get("token") ?? searchParams.get("id") ?? "").trim().slice(0, 200);
  // No toasts here: the page itself says what is wrong with the link.
  const api = useMemo(() => createApiClient({ baseUrl: config.apiBaseUrl, secret: config.signSecret, getLocale: () => locale }), [config, locale]);

  useEffect(() => {
    if (!token) return setState({ kind: "empty" });
    let live = true;
    setState({ kind: "loading", token });
    api.call(shareGetCall, { token }).then(
      (job) => live && setState({ kind: "shared", token, job }),
      (error: unknown) => {
        if (!live) return;
        if (!(error instanceof ApiError && (error.code === ErrorCode.SHARE_LINK_NOT_FOUND || error.code === ErrorCode.INVALID_PARAMETER))) console.warn("shared result unavailable", error);
        setState({ kind: "invalid", token });
      },
    );
    return () => {
      live = false;
    };
  }, [api, token]);

  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead} />
      <PageContainer width="narrow" className="space-y-10 py-14">
        {state.kind === "shared" ? (
          <section data-testid="share-state" data-state="shared" aria-labelledby="shared-title" className="rounded-2xl border border-border bg-surface p-6">
            <h2 id="shared-title" className="text-xl font-semibold break-words" data-testid="shared-title">
              {state.job.title || copy.untitled}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{copy.created.replace("{date}", formatDate(state.job.createdAt, locale))}</p>
            <div className="mt-4 grid gap-3">
              {state.job.media.length > 0 ? (
                state.job.media.map((file) => (
                  <MediaPreview
                    key={file.url}
                    file={file}
                    playLabel={copy.play.replace("{name}", file.name)}
                    downloadLabel={state.job.media.length > 1 ? copy.downloadFile.replace("{name}", file.name) : copy.download}
                  />
                ))
              ) : (
                <p className="text-sm text-muted-foreground">{copy.noFiles}</p>
              )}
            </div>
          </section>
        ) : (
          <section role="status" aria-live="polite" data-testid="share-state" data-state={state.kind} className="rounded-2xl border border-border bg-surface p-6">
            {state.kind === "loading" ? (
              <p className="text-muted-foreground">{copy.loading}</p>
            ) : (
              <>
                <h2 className="text-xl font-semibold">{state.kind === "invalid" ? copy.invalidTitle : copy.emptyTitle}</h2>
                <p className="mt-2 leading-relaxed text-muted-foreground">
                  {state.kind === "invalid" ? copy.invalidBody.replace("{id}", state.token.slice(0, 80)) : copy.emptyBody}
                </p>
              </>
            )}
          </section>
        )}
        <HonestNote title={copy.whatTitle}>
          <ul className="list-disc space-y-1 pl-5">
            {copy.what.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </HonestNote>
        <CtaLink to={localizePath(PATHS.workbench, locale)}>{copy.cta}</CtaLink>
      </PageContainer>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
