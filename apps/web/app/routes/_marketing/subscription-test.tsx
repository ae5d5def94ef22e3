import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { OrderView } from "@voxwork/contract";
import type { Route } from "./+types/subscription-test";
import { localizePath, useLocale } from "../../i18n";
import { CtaLink, PageContainer, PageHero } from "../../components/marketing/marketing-sections";
import type { OrderLookupResult } from "../../lib/order-lookup";
import { usePublicConfig } from "../../lib/public-config";
import { MISC_COPY } from "../../lib/marketing/content/misc-content.server";
import { seoMeta } from "../../lib/marketing/seo";
import { buildSeo, requestLocale } from "../../lib/marketing/seo.server";
import { hasToken, readUserInfo } from "../../lib/user-info";

/**
 * `/transfer-station/subscription-test?order=…`: where checkout sends the buyer back. The page is
 * prerendered; after hydration it reads `order`, and for a signed-in buyer asks the payments API
 * for the order (`/api/payments/order/get`), checking again every few seconds while it is pending.
 * The call client loads only then (decision 011: it is not part of a marketing page's initial JS).
 */
export function loader({ request }: Route.LoaderArgs) {
  const copy = MISC_COPY[requestLocale(request)].subscription;
  return { copy, seo: buildSeo(request, { title: copy.title, description: copy.description, noindex: true }) };
}

type OrderState =
  | { kind: "idle" }
  | { kind: "none" }
  | { kind: "not-found"; id: string }
  | { kind: "sign-in"; id: string }
  | { kind: "checking"; id: string }
  | { kind: "error"; id: string }
  | { kind: "order"; id: string; order: OrderView; amount: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POLL_MS = 3000;
const POLL_LIMIT = 40;

export default function SubscriptionLanding({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const locale = useLocale();
  const config = usePublicConfig();
  const [searchParams] = useSearchParams();
  const [state, setState] = useState<OrderState>({ kind: "idle" });
  const orderParam = searchParams.get("order")?.trim() ?? "";

  useEffect(() => {
    if (!orderParam) return setState({ kind: "none" });
    const id = orderParam.slice(0, 80);
    if (!UUID.test(id)) return setState({ kind: "not-found", id });
    if (!hasToken(readUserInfo(document.cookie))) return setState({ kind: "sign-in", id });
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lookup: ((orderId: string) => Promise<OrderLookupResult>) | undefined;
    const check = async (attempt: number) => {
      try {
        lookup ??= (await import("../../lib/order-lookup")).createOrderLookup(config, locale);
        const { order, amount } = await lookup(id);
        if (cancelled) return;
        setState({ kind: "order", id, order, amount });
        if (order.status === "pending" && attempt < POLL_LIMIT) timer = setTimeout(() => void check(attempt + 1), POLL_MS);
      } catch (error) {
        if (cancelled) return;
        const code = (error as { code?: unknown }).code;
        setState(code === 4005 ? { kind: "not-found", id } : { kind: "error", id });
      }
    };
    setState({ kind: "checking", id });
    void check(1);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [config, locale, orderParam]);

  const fill = (text: string, id: string) => text.replace("{id}", id);
  let title = copy.noneTitle;
  let body: React.ReactNode = copy.noneBody;
  let status = "none";
  switch (state.kind) {
    case "not-found":
      [title, body, status] = [copy.unknownTitle, fill(copy.unknownBody, state.id), "not-found"];
      break;
    case "sign-in":
      [title, body, status] = [copy.signInTitle, fill(copy.signInBody, state.id), "sign-in"];
      break;
    case "checking":
      [title, body, status] = [copy.checkingTitle, fill(copy.checkingBody, state.id), "checking"];
      break;
    case "error":
      [title, body, status] = [copy.errorTitle, copy.errorBody, "error"];
      break;
    case "order": {
      const { order } = state;
      status = order.status;
      if (order.status === "paid") {
        title = copy.paidTitle;
        const lines = [
          order.fulfilment?.planId ? copy.paidPlan.replace("{plan}", copy.planNames[order.fulfilment.planId] ?? order.fulfilment.planId) : null,
          order.fulfilment?.points ? copy.paidPoints.replace("{points}", order.fulfilment.points.toLocaleString(locale === "zh" ? "zh-CN" : "en-US")) : null,
        ].filter(Boolean);
        body = lines.join(" ");
      } else if (order.status === "pending") {
        [title, body] = [copy.pendingTitle, fill(copy.pendingBody, state.id)];
      } else if (order.status === "failed") {
        [title, body] = [copy.failedTitle, fill(copy.failedBody, state.id)];
      } else {
        [title, body] = [copy.cancelledTitle, fill(copy.cancelledBody, state.id)];
      }
      break;
    }
  }

  return (
    <>
      <PageHero title={copy.h1} lead={copy.lead} />
      <PageContainer width="narrow" className="py-14">
        <section role="status" aria-live="polite" data-testid="order-state" data-state={status} className="rounded-2xl border border-border bg-surface p-6">
          <h2 className="text-xl font-semibold">{title}</h2>
          <p className="mt-2 leading-relaxed text-muted-foreground">{body}</p>
          {state.kind === "order" ? (
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{copy.orderLabel}</dt>
              <dd className="font-mono break-all">{state.order.id}</dd>
              <dt className="text-muted-foreground">{copy.amountLabel}</dt>
              <dd>{state.amount}</dd>
            </dl>
          ) : null}
        </section>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {state.kind === "sign-in" ? (
            <CtaLink to={localizePath("/login", locale)}>{copy.signIn}</CtaLink>
          ) : (
            <CtaLink to={localizePath("/workbench/my-plan", locale)}>{copy.planLink}</CtaLink>
          )}
          <CtaLink to={localizePath("/pricing", locale)} variant="outline">
            {copy.pricingLink}
          </CtaLink>
        </div>
      </PageContainer>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);
