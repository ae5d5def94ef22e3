import { Outlet } from "react-router";
import { SkipLink } from "../../components/skip-link";
import { SiteFooter } from "../../components/marketing/site-footer";
import { SiteHeader } from "../../components/marketing/site-header";

/** Shared chrome for public marketing pages (home now; about, pricing, … later). */
export default function MarketingLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
