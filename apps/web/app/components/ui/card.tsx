import type { ComponentProps } from "react";
import { Slot } from "radix-ui";
import { cn } from "../../lib/utils";

/**
 * A panel of a page (shadcn's Card on our tokens): a bordered surface whose parts stack in one
 * column that never grows past the panel (`minmax(0,1fr)`), so long names and players shrink
 * instead of overflowing at 375 px. `asChild` renders it as its child (an `<aside>`, a `<form>`).
 */
export function Card({ className, asChild = false, ...props }: ComponentProps<"div"> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : "div";
  return <Component data-slot="card" className={cn("grid grid-cols-[minmax(0,1fr)] content-start gap-4 rounded-2xl border border-border bg-surface p-4", className)} {...props} />;
}

/** A title with the line or two under it, kept close together. */
export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-header" className={cn("grid gap-2", className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<"h2">) {
  return <h2 data-slot="card-title" className={cn("font-semibold", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("grid gap-3", className)} {...props} />;
}
