import type { ComponentProps } from "react";
import { Progress as ProgressPrimitive } from "radix-ui";
import { UI_DEFAULTS } from "../../lib/ui-defaults";
import { cn } from "../../lib/utils";

export function Progress({ className, value, max = UI_DEFAULTS.progress.max, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = value == null ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-surface-muted", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full w-full bg-primary transition-transform"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
