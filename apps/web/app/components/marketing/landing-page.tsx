import { localizePath, useLocale } from "../../i18n";
import type { LandingCopy } from "../../lib/marketing/content-types";
import { BannerLink, CtaBanner, CtaLink, FaqList, FeatureGrid, HonestNote, PageHero, SampleBeforeAfter, Section, Steps } from "./marketing-sections";

/** The shared layout of the tool landing pages and the use-case pages. */
export function LandingPage({
  copy,
  ctaPath,
  labels,
  related,
}: {
  copy: LandingCopy;
  /** Locale-neutral workbench path of the main call to action. */
  ctaPath: string;
  labels: { faq: string; secondary: string; secondaryPath: string };
  related?: React.ReactNode;
}) {
  const locale = useLocale();
  const to = localizePath(ctaPath, locale);
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={copy.h1} lead={copy.lead}>
        <CtaLink to={to}>{copy.cta}</CtaLink>
        <CtaLink to={localizePath(labels.secondaryPath, locale)} variant="outline">
          {labels.secondary}
        </CtaLink>
      </PageHero>
      {copy.sample ? (
        <Section id="sample" title={copy.sample.title} lead={copy.sample.lead}>
          <SampleBeforeAfter sample={copy.sample} />
        </Section>
      ) : null}
      <Section id="features" title={copy.featuresTitle} muted>
        <FeatureGrid items={copy.features} columns={copy.features.length === 4 ? 2 : 3} />
      </Section>
      <Section id="steps" title={copy.stepsTitle}>
        <Steps items={copy.steps} />
        <div className="mt-8">
          <HonestNote title={copy.note.title}>{copy.note.body}</HonestNote>
        </div>
      </Section>
      {related}
      <Section id="faq" title={labels.faq} muted>
        <FaqList items={copy.faqs} />
      </Section>
      <CtaBanner title={copy.closingTitle} lead={copy.closingLead} action={<BannerLink to={to}>{copy.cta}</BannerLink>} />
    </>
  );
}
