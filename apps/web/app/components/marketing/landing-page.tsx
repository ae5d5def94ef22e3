import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import type { ToolId } from "../../lib/catalog";
import type { LandingCopy } from "../../lib/marketing/content-types";
import { TOOL_LANDINGS } from "../../lib/marketing/marketing-paths";
import { ToolIcon } from "../tool-icons";
import { BannerLink, CtaBanner, CtaLink, FaqList, FeatureGrid, HonestNote, PageHero, SampleBeforeAfter, Section, Steps, VoiceSamples, WorkbenchScreenshot } from "./marketing-sections";

export interface LandingTool {
  tool: ToolId;
  /** The tool catalogue's status (`marketingToolStatus`): a page never sells what is not built. */
  built: boolean;
}

/**
 * The shared layout of the tool landing pages and the use-case pages. `tools` are the tools the page
 * is about, the first its main one: when that one is not built, the page says so at the top, its
 * buttons lead to the tools that work, and no sample is shown.
 */
export function LandingPage({
  copy,
  ctaPath,
  labels,
  tools,
  related,
}: {
  copy: LandingCopy;
  /** Locale-neutral workbench path of the main call to action. */
  ctaPath: string;
  labels: { faq: string; secondary: string; secondaryPath: string };
  tools: readonly LandingTool[];
  related?: React.ReactNode;
}) {
  const locale = useLocale();
  const t = useT();
  const main = tools[0];
  const built = main?.built ?? true;
  const to = localizePath(built ? ctaPath : "/tools", locale);
  const cta = built ? copy.cta : t("marketing.toolStatus.notBuiltCta");
  // Sections alternate plain and muted, the features muted: the media sections before them are
  // counted back from the last, which is plain.
  const media = built ? (["sample", "screenshot", "voices"] as const).filter((kind) => copy[kind]) : [];
  const muted = (kind: (typeof media)[number]) => (media.length - 1 - media.indexOf(kind)) % 2 === 1;
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={copy.h1} lead={copy.lead}>
        <CtaLink to={to}>{cta}</CtaLink>
        <CtaLink to={localizePath(labels.secondaryPath, locale)} variant="outline">
          {labels.secondary}
        </CtaLink>
      </PageHero>
      {!built && main ? (
        <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6 lg:px-8" data-testid="tool-not-built">
          <HonestNote title={t("marketing.toolStatus.notBuiltTitle", { tool: t(`tools.${main.tool}.name`) })}>{t("marketing.toolStatus.notBuiltBody")}</HonestNote>
        </div>
      ) : null}
      {built && copy.sample ? (
        <Section id="sample" title={copy.sample.title} lead={copy.sample.lead} muted={muted("sample")}>
          <SampleBeforeAfter sample={copy.sample} />
        </Section>
      ) : null}
      {built && copy.screenshot ? (
        <Section id="workbench" title={copy.screenshot.title} lead={copy.screenshot.lead} muted={muted("screenshot")}>
          <WorkbenchScreenshot shot={copy.screenshot} />
        </Section>
      ) : null}
      {built && copy.voices ? (
        <Section id="voices" title={copy.voices.title} lead={copy.voices.lead} muted={muted("voices")}>
          <VoiceSamples list={copy.voices} />
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
      {tools.length > 1 ? <ToolStrip tools={tools} /> : null}
      {related}
      <Section id="faq" title={labels.faq} muted>
        <FaqList items={copy.faqs} />
      </Section>
      <CtaBanner title={copy.closingTitle} lead={copy.closingLead} action={<BannerLink to={to}>{cta}</BannerLink>} />
    </>
  );
}

/** The tools a use-case page relies on, each with the catalogue's word on whether it works today. */
function ToolStrip({ tools }: { tools: readonly LandingTool[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Section id="tools" title={t("marketing.toolStatus.usedHereTitle")}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="tool-strip">
        {tools.map(({ tool, built }) => {
          const { landing, workbench } = TOOL_LANDINGS[tool];
          return (
            <li key={tool}>
              <Link
                to={localizePath(built ? (landing ?? workbench) : (landing ?? "/tools"), locale)}
                className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-primary/60"
                data-tool={tool}
                data-built={built}
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
                  <ToolIcon tool={tool} className="size-5" />
                </span>
                <span className="min-w-0 flex-1 font-medium">{t(`tools.${tool}.name`)}</span>
                <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${built ? "bg-primary-soft text-primary-soft-foreground" : "bg-surface-muted text-muted-foreground"}`}>
                  {t(built ? "marketing.toolStatus.built" : "marketing.toolStatus.notYet")}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
