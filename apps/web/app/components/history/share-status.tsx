import type { MISC_COPY } from "../../lib/marketing/content/misc-content.server";

export type ShareCopy = (typeof MISC_COPY)["en"]["share"];

/** The share page's state box when there is no result to show: no link, looking it up, or invalid. */
export function ShareStatus({ state, copy, token }: { state: "empty" | "loading" | "invalid"; copy: ShareCopy; token: string }) {
  return (
    <section role="status" aria-live="polite" data-testid="share-state" data-state={state} className="rounded-2xl border border-border bg-surface p-6">
      {state === "loading" ? (
        <p className="text-muted-foreground">{copy.loading}</p>
      ) : (
        <>
          <h2 className="text-xl font-semibold">{state === "invalid" ? copy.invalidTitle : copy.emptyTitle}</h2>
          <p className="mt-2 leading-relaxed text-muted-foreground">{state === "invalid" ? copy.invalidBody.replace("{id}", token.slice(0, 80)) : copy.emptyBody}</p>
        </>
      )}
    </section>
  );
}
