import type { Messages } from "./en";
import type { Locale } from "./locales";

/**
 * How much of the catalogue a page needs in the browser (decision 011). Marketing pages, and
 * unknown paths (the 404 page), need only the namespaces below; auth, status and workbench pages
 * the whole catalogue of their language. The server always has every catalogue.
 */
export type MessageScope = "marketing" | "full";

/**
 * Top-level catalogue namespaces used by marketing pages, their layout, the not-found page and
 * the deferred toasts (version check). A marketing page using a key outside these fails
 * `message-scope.test.ts`, and logs a console error in the browser.
 */
export const MARKETING_NAMESPACES = [
  "brand",
  "meta",
  "a11y",
  "nav",
  "language",
  "home",
  "tools",
  "audiences",
  "footer",
  "notFound",
  "error",
  "marketing",
  "version",
] as const satisfies readonly (keyof Messages)[];

/** Id of the `<script type="application/json">` that carries the first page's messages. */
export const MESSAGES_SCRIPT_ID = "voxwork-messages";

/** Content of that script: the page's language, its scope and the messages of that scope. */
export interface PageMessages {
  locale: Locale;
  scope: MessageScope;
  messages: Partial<Messages>;
}
