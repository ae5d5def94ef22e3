import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/pricing";
import { localizePath, useLocale } from "../../i18n";
import { MoveHorizontalIcon } from "../../components/icons";
import { BannerLink, CtaBanner, PageHero, Section } from "../../components/marketing/marketing-sections";
import { pricingPage } from "../../lib/marketing/content/pricing-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";

const WORKBENCH_PRICING = "/workbench/pricing";

export function loader({ request }: Route.LoaderArgs) {
  const page = pricingPage(requestLocale(request));
  return { ...page, seo: buildSeo(request, { title: page.labels.title, description: page.labels.description }) };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { labels, plans, rows, packs } = loaderData;
  const locale = useLocale();
  const [period, setPeriod] = useState<"month" | "year">("month");
  const workbenchPricing = localizePath(WORKBENCH_PRICING, locale);

  return (
    <>
      <PageHero title={labels.h1} lead={labels.lead} />

      <section aria-labelledby="plans-title" className="border-b border-border">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="plans-title" className="sr-only">
            {labels.compareTitle}
          </h2>
          <div className="flex flex-wrap items-center justify-center gap-3">
            <div role="radiogroup" aria-label={labels.billingLabel} className="inline-flex rounded-xl border border-border bg-surface p-1">
              {(["month", "year"] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={period === value}
                  onClick={() => setPeriod(value)}
                  className={`h-9 rounded-lg px-4 text-sm font-medium transition-colors ${
                    period === value ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground"
                  }`}
                >
                  {value === "month" ? labels.monthly : labels.yearly}
                </button>
              ))}
            </div>
            <span className="rounded-full bg-primary-soft px-3 py-1 text-xs font-medium text-primary-soft-foreground">{labels.saveUpTo}</span>
          </div>

          <ul className="mt-10 grid gap-6 lg:grid-cols-3">
            {plans.map((plan) => (
              <li
                key={plan.id}
                data-plan={plan.id}
                className={`relative flex flex-col rounded-2xl border bg-surface p-6 ${plan.highlighted ? "border-primary shadow-lg shadow-primary/10" : "border-border"}`}
              >
                {plan.highlighted ? (
                  <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                    {labels.recommended}
                  </span>
                ) : null}
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{plan.summary}</p>
                <p className="mt-6 flex items-baseline gap-1" data-testid={`price-${plan.id}`}>
                  {plan.monthly === null ? (
                    <span className="text-4xl font-bold tracking-tight">{labels.free}</span>
                  ) : (
                    <>
                      <span className="text-4xl font-bold tracking-tight">{period === "month" ? plan.monthly : plan.yearly}</span>
                      <span className="text-sm text-muted-foreground">{period === "month" ? labels.perMonth : labels.perYear}</span>
                    </>
                  )}
                </p>
                <p className="mt-1 min-h-5 text-xs text-muted-foreground">
                  {plan.monthly === null
                    ? labels.freeNote
                    : period === "year" && plan.yearlyPerMonth
                      ? labels.billedYearly.replace("{amount}", plan.yearlyPerMonth)
                      : ""}
                </p>
                <ul className="mt-6 space-y-2 text-sm">
                  {plan.highlights.map((line) => (
                    <li key={line} className="flex gap-2">
                      <span aria-hidden="true" className="text-primary">
                        ✓
                      </span>
                      <span>{line}</span>
                    </li>
                  ))}
                </ul>
                <Link
                  to={workbenchPricing}
                  className={`mt-8 inline-flex h-11 items-center justify-center rounded-xl px-5 text-sm font-semibold transition-colors ${
                    plan.highlighted
                      ? "bg-primary text-primary-foreground hover:bg-primary-hover"
                      : "border border-border hover:bg-surface-muted"
                  }`}
                >
                  {plan.monthly === null ? labels.startFree : labels.choose}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section id="compare" title={labels.compareTitle} lead={labels.compareLead} muted>
        {/* On a phone the plans do not fit side by side: say the table scrolls, and keep the feature names in view while it does. */}
        <p className="mb-2 flex items-center gap-1.5 text-xs text-muted-foreground sm:hidden" data-testid="pricing-scroll-hint">
          <MoveHorizontalIcon className="size-4" aria-hidden="true" />
          {labels.compareScrollHint}
        </p>
        <div className="overflow-x-auto rounded-2xl border border-border bg-surface" role="region" aria-label={labels.compareTitle} tabIndex={0}>
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="sticky left-0 z-10 bg-surface p-4 font-semibold">
                  {labels.feature}
                </th>
                {plans.map((plan) => (
                  <th key={plan.id} scope="col" className="p-4 font-semibold">
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-b border-border last:border-0">
                  <th scope="row" className="sticky left-0 z-10 bg-surface p-4 font-normal text-muted-foreground max-sm:max-w-[9rem]">
                    {row.label}
                  </th>
                  {row.values.map((value, index) => (
                    <td key={plans[index]?.id ?? index} className="p-4 font-medium">
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-8 max-w-3xl rounded-2xl border border-border bg-surface p-6" id="vt-use-limit">
          <h3 className="font-semibold">{labels.vtTitle}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{labels.vtBody}</p>
        </div>
      </Section>

      <Section id="packs" title={labels.packsTitle} lead={labels.packsLead}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {packs.map((pack) => (
            <li key={pack.id} className="flex flex-col rounded-2xl border border-border bg-surface p-6">
              <p className="text-lg font-semibold">{pack.points}</p>
              <p className="mt-2 text-3xl font-bold tracking-tight">{pack.price}</p>
              <Link
                to={workbenchPricing}
                className="mt-6 inline-flex h-10 items-center justify-center rounded-xl border border-border text-sm font-semibold hover:bg-surface-muted"
              >
                {labels.buyPack}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-10 max-w-3xl">
          <h3 className="font-semibold">{labels.notesTitle}</h3>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed text-muted-foreground">
            {labels.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      </Section>

      <CtaBanner title={labels.ctaTitle} lead={labels.ctaLead} action={<BannerLink to={workbenchPricing}>{labels.cta}</BannerLink>} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
