/**
 * The schema-free part of the analytics event model (spec §3/§7/§9): limits, routing rules and
 * the `/log` path. A module of its own so the browser's tracker can use them without bundling
 * zod (decision 011); `event.ts` re-exports them.
 */

/** Largest accepted event, as UTF-8 JSON. */
export const MAX_EVENT_BYTES = 16 * 1024;

/** Events whose name contains this go through `/api/log/create`, renamed (spec §7). */
export const PAYMENT_ARGS_MARKER = 'payment_args_';
export const PAYMENT_ARGS_RENAMED = 'pay_args_node_';

/** Events that never wait for the IP lookup: when the IP cache is empty they go without it (spec §9). */
export const EVENTS_WITHOUT_IP_LOOKUP: ReadonlySet<string> = new Set(['page_visit', 'exit_page', 'navbar_to_login']);

export const ANALYTICS_PLATFORM = 'WEB';

/** `payment_args_x` → `pay_args_node_x` (spec §7); other names unchanged. */
export function renamePaymentArgs(eventName: string): string {
  return eventName.includes(PAYMENT_ARGS_MARKER) ? eventName.split(PAYMENT_ARGS_MARKER).join(PAYMENT_ARGS_RENAMED) : eventName;
}

/** Whether the event goes through `/api/log/create` rather than `/log`. */
export function isPaymentArgsEvent(eventName: string): boolean {
  return eventName.includes(PAYMENT_ARGS_MARKER) || eventName.includes(PAYMENT_ARGS_RENAMED);
}

/** The `/log` endpoint (not a contract call: it takes beacons, so no custom headers). Signed like a call. */
export const LOG_PATH = '/log';
