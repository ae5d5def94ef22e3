import { Link } from "react-router";
import type { Route } from "./+types/home";
import { localizePath, useLocale, useT } from "../../i18n";
import { AUDIENCE_IDS, PATHS, TOOL_IDS } from "../../lib/catalog";
import { ArrowRightIcon } from "../../components/icons";
import { AudienceIcon, ToolIcon } from "../../components/tool-icons";
import { ArticleList } from "../../components/marketing/article-card";
import { BannerLink, CtaBanner, FaqList, HonestNote, Section, Steps, WorkbenchScreenshot } from "../../components/marketing/marketing-sections";
import { listArticles } from "../../lib/marketing/articles.server";
import { HOME_COPY } from "../../lib/marketing/content/home-content.server";
import { TRANSLATOR_SCREENSHOT } from "../../lib/marketing/content/samples-content.server";
import { TOOL_LANDINGS, USE_CASE_PATHS } from "../../lib/marketing/marketing-paths";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

// Served at both `/` (English) and `/zh` (Chinese) via the optional `zh?` segment.
export function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const copy = HOME_COPY[locale];
  return {
    copy,
    articles: listArticles("blog", locale).slice(0, 3),
    screenshot: TRANSLATOR_SCREENSHOT[locale],
    seo: buildSeo(request, { title: copy.title, description: copy.description }),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { copy, articles, screenshot } = loaderData;
  const locale = useLocale();
  const t = useT();

  return (
    <>
      {/* Hero */}
      <section aria-labelledby="hero-title" className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[28rem] max-w-4xl rounded-full bg-primary/15 blur-3xl dark:bg-primary/20"
        />
        <div className="mx-auto max-w-6xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28 lg:px-8">
          <div className="mx-auto max-w-3xl text-center">
            <p className="inline-flex items-center rounded-full border border-border bg-surface px-3 py-1 text-xs font-medium text-muted-foreground sm:text-sm">
              {t("home.eyebrow")}
            </p>
            <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {t("home.title")}
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
              {t("home.lead")}
            </p>
            <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              <Link
                to={localizePath(PATHS.workbench, locale)}
                className="inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-primary px-6 text-base font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover"
              >
                {t("home.primaryCta")}
                <ArrowRightIcon className="size-5" />
              </Link>
              <Link
                to={localizePath(PATHS.pricing, locale)}
                className="inline-flex h-12 items-center justify-center rounded-xl border border-border bg-surface px-6 text-base font-semibold text-foreground transition-colors hover:bg-surface-muted"
              >
                {t("home.secondaryCta")}
              </Link>
            </div>
            <p className="mt-6 text-sm text-muted-foreground">{t("home.languagesNote")}</p>
          </div>
        </div>
      </section>

      {/* The nine tools */}
      <Section id="workbench" title={screenshot.title} lead={screenshot.lead}>
        <WorkbenchScreenshot shot={screenshot} />
      </Section>

      <Section id="tools" title={t("home.toolsTitle")} lead={t("home.toolsLead")} muted>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {TOOL_IDS.map((tool) => {
            const { landing, workbench } = TOOL_LANDINGS[tool];
            return (
              <li key={tool} className="flex gap-4 rounded-2xl border border-border bg-surface p-5 shadow-sm shadow-black/[0.03] dark:shadow-none">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
                  <ToolIcon tool={tool} className="size-6" />
                </span>
                <div className="min-w-0">
                  <h3 className="font-semibold">{t(`tools.${tool}.name`)}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t(`tools.${tool}.description`)}</p>
                  <Link
                    to={localizePath(landing ?? workbench, locale)}
                    className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
                  >
                    {landing ? copy.toolLink : copy.toolOpen}
                    <ArrowRightIcon className="size-4" />
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
        <p className="mt-8">
          <Link to={localizePath("/tools", locale)} className="text-sm font-semibold text-primary hover:underline">
            {copy.allTools} →
          </Link>
        </p>
      </Section>

      {/* Audiences */}
      <Section id="audiences" title={t("home.audiencesTitle")} lead={t("home.audiencesLead")}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {AUDIENCE_IDS.map((audience) => (
            <li key={audience} className="flex flex-col rounded-2xl border border-border p-6">
              <AudienceIcon audience={audience} className="size-7 text-accent" />
              <h3 className="mt-4 font-semibold">{t(`audiences.${audience}.name`)}</h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{t(`audiences.${audience}.description`)}</p>
              <Link
                to={localizePath(USE_CASE_PATHS[audience], locale)}
                className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
              >
                {copy.audienceLink}
                <ArrowRightIcon className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      {/* How it works + honest engine note */}
      <Section id="how-it-works" title={copy.howTitle} lead={copy.howLead} muted>
        <Steps items={copy.steps} />
        <div className="mt-8">
          <HonestNote title={copy.honestTitle}>{copy.honestBody}</HonestNote>
        </div>
      </Section>

      {/* FAQ teaser */}
      <Section id="faq" title={copy.faqTitle}>
        <FaqList items={copy.faqs} />
        <p className="mt-6">
          <Link to={localizePath("/FAQ", locale)} className="text-sm font-semibold text-primary hover:underline">
            {copy.faqMore} →
          </Link>
        </p>
      </Section>

      {/* Latest articles */}
      {articles.length > 0 ? (
        <Section id="articles" title={copy.articlesTitle} muted>
          <ArticleList articles={articles} className="md:grid-cols-3" />
          <p className="mt-6">
            <Link to={localizePath("/blog", locale)} className="text-sm font-semibold text-primary hover:underline">
              {copy.articlesMore} →
            </Link>
          </p>
        </Section>
      ) : null}

      <CtaBanner
        title={t("home.closingTitle")}
        lead={t("home.closingLead")}
        action={<BannerLink to={localizePath(PATHS.workbench, locale)}>{t("home.primaryCta")}</BannerLink>}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
