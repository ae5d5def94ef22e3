import type { Route } from "./+types/mobile";
import { localizePath, useLocale } from "../../i18n";
import { PATHS } from "../../lib/catalog";
import { CtaLink, FeatureGrid, HonestNote, PageHero, Section } from "../../components/marketing/marketing-sections";
import { MISC_COPY } from "../../lib/marketing/content/misc-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

// `/mobile` is forced into dark mode by its route metadata (`app/lib/route-meta.ts`, shell).
export function loader({ request }: Route.LoaderArgs) {
  const copy = MISC_COPY[requestLocale(request)].mobile;
  return { copy, seo: buildSeo(request, { title: copy.title, description: copy.description }) };
}

export default function Mobile({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const locale = useLocale();
  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead}>
        <CtaLink to={localizePath(PATHS.workbench, locale)}>{copy.cta}</CtaLink>
      </PageHero>
      <Section id="features" title={copy.featuresTitle} muted>
        <FeatureGrid items={copy.features} columns={2} />
      </Section>
      <Section id="home-screen" title={copy.homeScreenTitle}>
        <ol className="max-w-3xl list-decimal space-y-2 pl-5 leading-relaxed text-muted-foreground">
          {copy.homeScreen.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        <div className="mt-8 max-w-3xl">
          <HonestNote title={copy.limitsTitle}>{copy.limits}</HonestNote>
        </div>
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
