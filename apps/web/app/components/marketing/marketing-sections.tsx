import type { ProductSample, SampleMedia, VoiceSampleList, WorkbenchShot } from "../../lib/marketing/content-types";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRightIcon } from "../icons";

/** Building blocks of the marketing pages. Plain server-rendered markup: no client state. */

const container = "mx-auto max-w-6xl px-4 sm:px-6 lg:px-8";

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  align = "center",
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: ReactNode;
  align?: "center" | "start";
}) {
  const centered = align === "center";
  return (
    <section className="relative overflow-hidden border-b border-border">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[24rem] max-w-4xl rounded-full bg-primary/15 blur-3xl dark:bg-primary/20"
      />
      <div className={`${container} pt-14 pb-14 sm:pt-20 sm:pb-20`}>
        <div className={centered ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
          {eyebrow ? (
            <p className="inline-flex items-center rounded-full border border-border bg-surface px-3 py-1 text-xs font-medium text-muted-foreground sm:text-sm">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          {lead ? (
            <p
              className={`mt-5 text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg ${centered ? "mx-auto max-w-2xl" : ""}`}
            >
              {lead}
            </p>
          ) : null}
          {children ? (
            <div
              className={`mt-8 flex flex-col gap-3 sm:flex-row sm:items-center ${centered ? "items-stretch sm:justify-center" : "items-start"}`}
            >
              {children}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  lead,
  children,
  muted = false,
}: {
  id?: string;
  title: string;
  lead?: string;
  children: ReactNode;
  muted?: boolean;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-20 border-b border-border ${muted ? "bg-surface-muted/50 dark:bg-surface-muted/30" : ""}`}
    >
      <div className={`${container} py-14 sm:py-20`}>
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          {lead ? <p className="mt-3 text-base text-muted-foreground sm:text-lg">{lead}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export function CtaLink({ to, children, variant = "primary" }: { to: string; children: ReactNode; variant?: "primary" | "outline" }) {
  const styles =
    variant === "primary"
      ? "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover"
      : "border border-border bg-surface text-foreground hover:bg-surface-muted";
  return (
    <Link
      to={to}
      className={`inline-flex h-12 items-center justify-center gap-2 rounded-xl px-6 text-base font-semibold transition-colors ${styles}`}
    >
      {children}
      {variant === "primary" ? <ArrowRightIcon className="size-5" /> : null}
    </Link>
  );
}

export function FeatureGrid({ items, columns = 3 }: { items: readonly { title: string; body: string; icon?: ReactNode }[]; columns?: 2 | 3 }) {
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${columns === 3 ? "lg:grid-cols-3" : ""}`}>
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-border bg-surface p-5 shadow-sm shadow-black/[0.03] dark:shadow-none">
          {item.icon ? (
            <span className="mb-4 flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
              {item.icon}
            </span>
          ) : null}
          <h3 className="font-semibold">{item.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{item.body}</p>
        </li>
      ))}
    </ul>
  );
}

export function Steps({ items }: { items: readonly { title: string; body: string }[] }) {
  return (
    <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
      {items.map((item, index) => (
        <li key={item.title} className="rounded-2xl border border-border p-5">
          <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
            {index + 1}
          </span>
          <h3 className="mt-4 font-semibold">{item.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{item.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** Questions and answers as native disclosure widgets (work without JavaScript). */
export function FaqList({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className="divide-y divide-border rounded-2xl border border-border bg-surface">
      {items.map((item) => (
        <details key={item.q} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 font-medium">
            <span>{item.q}</span>
            <span aria-hidden="true" className="mt-0.5 text-muted-foreground transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="mt-3 text-sm leading-relaxed whitespace-pre-line text-muted-foreground">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

/** One side of a before/after: a video with its poster and subtitle track, a recording, or a picture. */
function SampleMediaView({ media }: { media: SampleMedia }) {
  switch (media.kind) {
    case "video":
      return (
        <video controls playsInline preload="none" poster={media.poster} src={media.video} className="aspect-video w-full rounded-xl border border-border bg-black object-contain">
          {media.track ? <track kind="subtitles" src={media.track.src} srcLang={media.track.lang} label={media.track.label} default /> : null}
        </video>
      );
    case "audio":
      return (
        <div className="grid gap-3 rounded-xl border border-border bg-surface p-4">
          <audio controls preload="none" src={media.audio} className="w-full" aria-label={media.label} />
          {media.text ? <p className="text-sm leading-relaxed text-muted-foreground">“{media.text}”</p> : null}
        </div>
      );
    case "image":
      return <img src={media.image} alt={media.alt} loading="lazy" className="aspect-video w-full rounded-xl border border-border bg-surface-muted object-contain" />;
  }
}

/** A before/after made by the product: two players side by side (stacked on phones). */
export function SampleBeforeAfter({ sample }: { sample: ProductSample }) {
  return (
    <div className="grid gap-4" data-testid="product-sample">
      <div className="grid gap-4 md:grid-cols-2">
        {[sample.before, sample.after].map((media, index) => (
          <figure key={media.label} className="grid min-w-0 content-start gap-2" data-testid={index === 0 ? "sample-before" : "sample-after"}>
            <figcaption className="text-sm font-semibold">{media.label}</figcaption>
            <SampleMediaView media={media} />
          </figure>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">{sample.caption}</p>
    </div>
  );
}

/** Voices to listen to: each card a voice, what it suits, and a recording the product made with it. */
export function VoiceSamples({ list }: { list: VoiceSampleList }) {
  return (
    <div className="grid gap-4" data-testid="voice-samples">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {list.voices.map((voice) => (
          <li key={voice.audio} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-surface p-5">
            <div className="flex items-baseline justify-between gap-3">
              <h3 className="font-semibold" translate="no">{voice.name}</h3>
              <span className="shrink-0 rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-medium text-primary-soft-foreground">{voice.language}</span>
            </div>
            <p className="text-sm leading-relaxed text-muted-foreground">{voice.description}</p>
            <p className="flex-1 text-sm leading-relaxed" lang={voice.textLang}>“{voice.text}”</p>
            <audio controls preload="none" src={voice.audio} className="w-full" aria-label={voice.name} />
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{list.caption}</p>
    </div>
  );
}

/** A real screenshot of the workbench: the light one in light mode, the dark one in dark mode. */
export function WorkbenchScreenshot({ shot }: { shot: WorkbenchShot }) {
  const image = "w-full rounded-2xl border border-border shadow-lg";
  return (
    <figure data-testid="workbench-screenshot">
      <img src={shot.light} alt={shot.alt} width={shot.width} height={shot.height} loading="lazy" className={`${image} h-auto dark:hidden`} />
      <img src={shot.dark} alt={shot.alt} width={shot.width} height={shot.height} loading="lazy" className={`${image} hidden h-auto dark:block`} />
    </figure>
  );
}

/** A plain-spoken note, used for what the product can and cannot do yet. */
export function HonestNote({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside className="rounded-2xl border border-accent/40 bg-accent/10 p-5 text-sm leading-relaxed">
      <p className="font-semibold">{title}</p>
      <div className="mt-2 text-muted-foreground">{children}</div>
    </aside>
  );
}

export function CtaBanner({ title, lead, action }: { title: string; lead: string; action: ReactNode }) {
  return (
    <section aria-label={title}>
      <div className={`${container} py-14 sm:py-20`}>
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h2>
            <p className="mt-2 opacity-90">{lead}</p>
          </div>
          {action}
        </div>
      </div>
    </section>
  );
}

/** The light CTA button used on the primary-coloured banner. */
export function BannerLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex h-12 shrink-0 items-center gap-2 rounded-xl bg-primary-foreground px-6 font-semibold text-primary transition-opacity hover:opacity-90"
    >
      {children}
      <ArrowRightIcon className="size-5" />
    </Link>
  );
}

const WIDTHS = { wide: "max-w-6xl", medium: "max-w-4xl", narrow: "max-w-3xl" } as const;

/** Page-width column; `narrow` suits long reading (articles), `medium` lists of questions. */
export function PageContainer({
  children,
  className = "",
  width = "wide",
}: {
  children: ReactNode;
  className?: string;
  width?: keyof typeof WIDTHS;
}) {
  return <div className={`mx-auto px-4 sm:px-6 lg:px-8 ${WIDTHS[width]} ${className}`}>{children}</div>;
}
