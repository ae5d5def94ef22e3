import type { Route } from "./+types/about-us";
import { localizePath, useLocale } from "../../i18n";
import { PATHS } from "../../lib/catalog";
import { CtaLink, FeatureGrid, PageHero, Section } from "../../components/marketing/marketing-sections";
import { ABOUT_COPY } from "../../lib/marketing/content/about-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

export function loader({ request }: Route.LoaderArgs) {
  const copy = ABOUT_COPY[requestLocale(request)];
  return { copy, seo: buildSeo(request, { title: copy.title, description: copy.description }) };
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const locale = useLocale();
  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead} />
      <Section id="story" title={copy.storyTitle}>
        <div className="max-w-3xl space-y-4 text-base leading-relaxed text-muted-foreground">
          {copy.story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section id="values" title={copy.valuesTitle} muted>
        <FeatureGrid items={copy.values} columns={2} />
      </Section>
      <Section id="data" title={copy.dataTitle}>
        <ul className="max-w-3xl list-disc space-y-3 pl-5 leading-relaxed text-muted-foreground">
          {copy.data.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Section>
      <Section id="contact" title={copy.contactTitle} muted>
        <p className="max-w-3xl leading-relaxed text-muted-foreground">{copy.contact}</p>
        <div className="mt-8">
          <CtaLink to={localizePath(PATHS.workbench, locale)}>{copy.cta}</CtaLink>
        </div>
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
