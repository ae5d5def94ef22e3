import { lazy, Suspense, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/share";
import { localizePath, useLocale } from "../../i18n";
import { PATHS } from "../../lib/catalog";
import { CtaLink, HonestNote, PageContainer, PageHero } from "../../components/marketing/marketing-sections";
import { MISC_COPY } from "../../lib/marketing/content/misc-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";
import { ShareStatus } from "../../components/history/share-status";

// The lookup, players and API client load only when the page has a token (decision 011: no call
// client, zod or history components in a marketing page's initial JS).
const SharedResult = lazy(() => import("../../components/history/shared-result"));

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

export default function Share({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  // The prerendered HTML has no token: read it after hydration, so the first client render matches.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const token = hydrated ? (searchParams.get("token") ?? searchParams.get("id") ?? "").trim().slice(0, 200) : "";

  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead} />
      <PageContainer width="narrow" className="space-y-10 py-14">
        {token ? (
          <Suspense fallback={<ShareStatus state="loading" copy={copy} token={token} />}>
            <SharedResult key={token} token={token} copy={copy} locale={locale} />
          </Suspense>
        ) : (
          <ShareStatus state="empty" copy={copy} token="" />
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
