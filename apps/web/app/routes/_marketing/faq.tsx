import type { Route } from "./+types/faq";
import { localizePath, useLocale } from "../../i18n";
import { CtaLink, FaqList, PageContainer, PageHero } from "../../components/marketing/marketing-sections";
import { FAQ_COPY } from "../../lib/marketing/content/faq-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

// `/FAQ` (capital letters, as in the spec) and `/zh/FAQ`.
export function loader({ request }: Route.LoaderArgs) {
  const copy = FAQ_COPY[requestLocale(request)];
  return { copy, seo: buildSeo(request, { title: copy.title, description: copy.description, path: "/FAQ" }) };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const locale = useLocale();
  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead} />
      <PageContainer width="medium" className="space-y-12 py-14">
        {copy.groups.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h2 className="mb-4 text-xl font-bold tracking-tight">{group.title}</h2>
            <FaqList items={group.items} />
          </section>
        ))}
        <section className="rounded-2xl border border-border p-6">
          <h2 className="text-lg font-semibold">{copy.moreTitle}</h2>
          <p className="mt-2 text-muted-foreground">{copy.moreBody}</p>
          <div className="mt-6">
            <CtaLink to={localizePath("/help-center", locale)} variant="outline">
              {copy.helpLink}
            </CtaLink>
          </div>
        </section>
      </PageContainer>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  return [
    ...seoMeta(loaderData.seo),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        inLanguage: loaderData.seo.locale === "zh" ? "zh-CN" : "en",
        mainEntity: loaderData.copy.groups.flatMap((group) =>
          group.items.map((item) => ({ "@type": "Question", name: item.q, acceptedAnswer: { "@type": "Answer", text: item.a } })),
        ),
      },
    },
  ];
};
