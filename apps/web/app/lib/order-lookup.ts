import { formatMoney, type OrderView } from "@voxwork/contract";
import { orderGetCall } from "@voxwork/contract/client";
import type { Locale } from "../i18n";
import { makeApiClient } from "./api-client";
import type { PublicConfig } from "./public-config";

export interface OrderLookupResult {
  order: OrderView;
  /** The amount formatted for the page's language. */
  amount: string;
}

/**
 * The order landing page's lookup (`/api/payments/order/get`). A module of its own so the page can
 * load it, with the call client, only when there is an order to check: none of it is in a
 * marketing page's initial JavaScript (decision 011). Named imports only, so no schema (zod)
 * comes with it.
 */
export function createOrderLookup(config: Pick<PublicConfig, "apiBaseUrl" | "signSecret">, locale: Locale): (orderId: string) => Promise<OrderLookupResult> {
  const client = makeApiClient(config, () => locale);
  return async (orderId) => {
    const order = await client.call(orderGetCall, { orderId });
    return { order, amount: formatMoney(order.amount, order.currency, locale) };
  };
}
