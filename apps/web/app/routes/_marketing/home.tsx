import { Link } from "react-router";
import type { Route } from "./+types/home";
import { localeFromPath, localizePath, t as translate, useLocale, useT } from "../../i18n";
import { AUDIENCE_IDS, PATHS, TOOL_IDS } from "../../lib/catalog";
import { ArrowRightIcon, AudienceIcon, ToolIcon } from "../../components/icons";

// Served at both `/` (English) and `/zh` (Chinese) via the optional `zh?` segment.
export function meta({ location }: Route.MetaArgs): Route.MetaDescriptors {
  const locale = localeFromPath(location.pathname);
  return [
    { title: translate(locale, "meta.homeTitle") },
    { name: "description", content: translate(locale, "meta.homeDescription") },
    { property: "og:title", content: translate(locale, "meta.homeTitle") },
    { property: "og:description", content: translate(locale, "meta.homeDescription") },
    { property: "og:locale", content: locale === "zh" ? "zh_CN" : "en_US" },
  ];
}

export default function Home() {
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
            <h1
              id="hero-title"
              className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
            >
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

      {/* Tools */}
      <section
        id="tools"
        aria-labelledby="tools-title"
        className="scroll-mt-20 border-t border-border bg-surface-muted/50 dark:bg-surface-muted/30"
      >
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
          <div className="max-w-2xl">
            <h2 id="tools-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {t("home.toolsTitle")}
            </h2>
            <p className="mt-4 text-base text-muted-foreground sm:text-lg">{t("home.toolsLead")}</p>
          </div>
          <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {TOOL_IDS.map((tool) => (
              <li
                key={tool}
                className="flex gap-4 rounded-2xl border border-border bg-surface p-5 shadow-sm shadow-black/[0.03] dark:shadow-none"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
                  <ToolIcon tool={tool} className="size-6" />
                </span>
                <div className="min-w-0">
                  <h3 className="font-semibold">{t(`tools.${tool}.name`)}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                    {t(`tools.${tool}.description`)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Audiences */}
      <section id="audiences" aria-labelledby="audiences-title" className="scroll-mt-20 border-t border-border">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
          <div className="max-w-2xl">
            <h2 id="audiences-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {t("home.audiencesTitle")}
            </h2>
            <p className="mt-4 text-base text-muted-foreground sm:text-lg">{t("home.audiencesLead")}</p>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {AUDIENCE_IDS.map((audience) => (
              <li key={audience} className="rounded-2xl border border-border p-6">
                <AudienceIcon audience={audience} className="size-7 text-accent" />
                <h3 className="mt-4 font-semibold">{t(`audiences.${audience}.name`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                  {t(`audiences.${audience}.description`)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="closing-title" className="border-t border-border">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <div className="flex flex-col items-start gap-6 rounded-3xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 md:flex-row md:items-center md:justify-between">
            <div className="max-w-xl">
              <h2 id="closing-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
                {t("home.closingTitle")}
              </h2>
              <p className="mt-2 opacity-90">{t("home.closingLead")}</p>
            </div>
            <Link
              to={localizePath(PATHS.workbench, locale)}
              className="inline-flex h-12 shrink-0 items-center gap-2 rounded-xl bg-primary-foreground px-6 font-semibold text-primary transition-opacity hover:opacity-90"
            >
              {t("home.primaryCta")}
              <ArrowRightIcon className="size-5" />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
