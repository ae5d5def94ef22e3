import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../i18n";
import { PATHS } from "../lib/catalog";
import { BrandMark } from "./icons";

export function BrandLink() {
  const locale = useLocale();
  const t = useT();
  return (
    <Link to={localizePath(PATHS.home, locale)} aria-label={t("brand.homeLabel")} className="flex shrink-0 items-center gap-2 rounded-lg">
      <BrandMark className="size-8" />
      <span className="text-lg font-semibold tracking-tight">{t("brand.name")}</span>
    </Link>
  );
}
