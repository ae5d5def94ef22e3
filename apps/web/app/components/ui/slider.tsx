import type { ComponentProps } from "react";
import { Slider as SliderPrimitive } from "radix-ui";
import { UI_DEFAULTS } from "../../lib/ui-defaults";
import { cn } from "../../lib/utils";

const { min: MIN, max: MAX, step: STEP, pageSteps: PAGE_STEPS } = UI_DEFAULTS.slider;

/** 0–100, step 1; Page Up/Down move 10 steps (spec §9). `thumbLabel` names the thumbs (the focusable sliders) for assistive technology. */
export function Slider({ className, min = MIN, max = MAX, step = STEP, minStepsBetweenThumbs, value, defaultValue, thumbLabel, ...props }: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabel?: string }) {
  const thumbs = (value ?? defaultValue ?? [min]).length;
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      min={min}
      max={max}
      step={step}
      value={value}
      defaultValue={defaultValue}
      minStepsBetweenThumbs={minStepsBetweenThumbs}
      className={cn("relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50", className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-surface-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {Array.from({ length: thumbs }, (_, index) => (
        <SliderPrimitive.Thumb
          key={index}
          data-slot="slider-thumb"
          aria-label={thumbLabel}
          className="block size-4 rounded-full border border-primary bg-surface shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
      ))}
    </SliderPrimitive.Root>
  );
}

/** Radix moves 10 steps on Page Up/Down and Shift+Arrow; exported so tests and callers can rely on it. */
export const SLIDER_PAGE_STEPS = PAGE_STEPS;
