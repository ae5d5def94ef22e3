import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/share";
import { localizePath, useLocale } from "../../i18n";
import { PATHS } from "../../lib/catalog";
import { CtaLink, HonestNote, PageContainer, PageHero } from "../../components/marketing/marketing-sections";
import { MISC_COPY } from "../../lib/marketing/content/misc-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

/**
 * `/share?id=…`: the public view of a shared result. No result can be shared yet, so the page is
 * prerendered with its empty state, and any `id` is reported as invalid or expired (read after
 * hydration, since the prerendered HTML cannot know the query).
 */
export function loader({ request }: Route.LoaderArgs) {
  const copy = MISC_COPY[requestLocale(request)].share;
  return { copy, seo: buildSeo(request, { title: copy.title, description: copy.description, noindex: true }) };
}

export default function Share({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const [sharedId, setSharedId] = useState<string | null>(null);
  useEffect(() => setSharedId(searchParams.get("id")?.trim() || null), [searchParams]);

  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead} />
      <PageContainer width="narrow" className="space-y-10 py-14">
        <section role="status" data-testid="share-state" data-state={sharedId ? "invalid" : "empty"} className="rounded-2xl border border-border bg-surface p-6">
          <h2 className="text-xl font-semibold">{sharedId ? copy.invalidTitle : copy.emptyTitle}</h2>
          <p className="mt-2 leading-relaxed text-muted-foreground">
            {sharedId ? copy.invalidBody.replace("{id}", sharedId.slice(0, 80)) : copy.emptyBody}
          </p>
        </section>
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
