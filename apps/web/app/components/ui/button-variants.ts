import { cva, type VariantProps } from "class-variance-authority";

/**
 * Button classes (shadcn/ui). Kept in their own module, and free of Tailwind conflicts between the
 * base, a variant and a size (each size sets its own gap, radius and text size), so a page can
 * style a link or a button with `buttonVariants(…)` alone, without `cn()` and tailwind-merge:
 * the not-found page does, so marketing pages do not ship tailwind-merge (decision 011).
 * `button-variants.test.ts` checks that tailwind-merge would not change any combination.
 */
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary-hover",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
        outline: "border border-border bg-surface text-foreground hover:bg-surface-muted",
        secondary: "bg-surface-muted text-foreground hover:bg-surface-muted/80",
        ghost: "text-foreground hover:bg-surface-muted",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-9 gap-2 rounded-lg px-4 py-2 text-sm",
        xs: "h-7 gap-1 rounded-md px-2 text-xs",
        sm: "h-8 gap-2 rounded-md px-3 text-sm",
        lg: "h-11 gap-2 rounded-xl px-6 text-base",
        icon: "size-9 gap-2 rounded-lg text-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
