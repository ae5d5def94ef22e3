import { Link } from "react-router";
import { localizePath, useLocale, useT, type MessageKey } from "../../i18n";
import { TOOL_IDS } from "../../lib/catalog";
import { TOOL_LANDINGS, USE_CASE_PATHS } from "../../lib/marketing/marketing-paths";
import { BrandMark } from "../icons";
import { LanguageSwitcher } from "../language-switcher";

type FooterLink = { key: MessageKey; path: string };

const TOOL_LINKS: FooterLink[] = TOOL_IDS.flatMap((tool) => {
  const landing = TOOL_LANDINGS[tool].landing;
  return landing ? [{ key: `tools.${tool}.name` as MessageKey, path: landing }] : [];
});

const COLUMNS: { title: MessageKey; links: FooterLink[] }[] = [
  { title: "marketing.footer.tools", links: [...TOOL_LINKS, { key: "marketing.footer.allTools", path: "/tools" }] },
  {
    title: "marketing.footer.useCases",
    links: (Object.keys(USE_CASE_PATHS) as (keyof typeof USE_CASE_PATHS)[]).map((id) => ({
      key: `marketing.useCases.${id}` as MessageKey,
      path: USE_CASE_PATHS[id],
    })),
  },
  {
    title: "marketing.footer.resources",
    links: [
      { key: "marketing.nav.blog", path: "/blog" },
      { key: "marketing.nav.guides", path: "/guides" },
      { key: "marketing.footer.help", path: "/help-center" },
      { key: "marketing.footer.api", path: "/developers/api" },
      { key: "marketing.footer.faq", path: "/FAQ" },
    ],
  },
  {
    title: "marketing.footer.company",
    links: [
      { key: "marketing.footer.about", path: "/about-us" },
      { key: "marketing.footer.pricing", path: "/pricing" },
      { key: "marketing.footer.mobile", path: "/mobile" },
    ],
  },
];

export function SiteFooter() {
  const locale = useLocale();
  const t = useT();

  return (
    <footer className="border-t border-border bg-surface-muted/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.5fr_3fr] lg:px-8">
        <div className="max-w-sm space-y-3">
          <div className="flex items-center gap-2">
            <BrandMark className="size-7" />
            <span className="font-semibold tracking-tight">{t("brand.name")}</span>
          </div>
          <p className="text-sm text-muted-foreground">{t("marketing.footer.summary")}</p>
          <p className="text-xs text-muted-foreground">{t("marketing.footer.consent")}</p>
          {/* The DB-IP Lite database (CC BY 4.0) locates visitors for analytics; its licence asks for this link. */}
          <p className="text-xs text-muted-foreground">
            <a href="https://db-ip.com" rel="noopener" className="underline-offset-2 hover:underline">
              {t("marketing.footer.ipAttribution")}
            </a>
          </p>
          <div className="pt-2">
            <LanguageSwitcher />
          </div>
        </div>

        <nav aria-label={t("a11y.footerNav")} className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {COLUMNS.map((column) => (
            <div key={column.title} className="space-y-3">
              <h2 className="text-sm font-semibold">{t(column.title)}</h2>
              <ul className="space-y-2">
                {column.links.map((link) => (
                  <li key={link.path}>
                    <Link to={localizePath(link.path, locale)} className="text-sm text-muted-foreground hover:text-foreground">
                      {t(link.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
    </footer>
  );
}
