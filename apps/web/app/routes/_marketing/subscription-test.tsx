import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/subscription-test";
import { localizePath, useLocale } from "../../i18n";
import { CtaLink, PageContainer, PageHero } from "../../components/marketing/marketing-sections";
import { MISC_COPY } from "../../lib/marketing/content/misc-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

/**
 * `/transfer-station/subscription-test?order=…`: where checkout sends the buyer back. Online payment
 * does not exist yet, so no order can be found: the page says so honestly, with or without `order`
 * (read after hydration, since the page is prerendered), and links to My plan.
 */
export function loader({ request }: Route.LoaderArgs) {
  const copy = MISC_COPY[requestLocale(request)].subscription;
  return { copy, seo: buildSeo(request, { title: copy.title, description: copy.description, noindex: true }) };
}

export default function SubscriptionLanding({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const [orderId, setOrderId] = useState<string | null>(null);
  useEffect(() => setOrderId(searchParams.get("order")?.trim() || null), [searchParams]);

  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead} />
      <PageContainer width="narrow" className="py-14">
        <section role="status" data-testid="order-state" data-state="not-found" className="rounded-2xl border border-border bg-surface p-6">
          <h2 className="text-xl font-semibold">{orderId ? copy.unknownTitle : copy.noneTitle}</h2>
          <p className="mt-2 leading-relaxed text-muted-foreground">
            {orderId ? copy.unknownBody.replace("{id}", orderId.slice(0, 80)) : copy.noneBody}
          </p>
        </section>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <CtaLink to={localizePath("/workbench/my-plan", locale)}>{copy.planLink}</CtaLink>
          <CtaLink to={localizePath("/pricing", locale)} variant="outline">
            {copy.pricingLink}
          </CtaLink>
        </div>
      </PageContainer>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
