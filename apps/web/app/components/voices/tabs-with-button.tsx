import type { ReactNode } from "react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { cn } from "../../lib/utils";

export interface TabsWithButtonProps<T extends string> {
  value: T;
  onValueChange: (value: T) => void;
  tabs: ReadonlyArray<{ value: T; label: string }>;
  label: string;
  /** Shown at the end of the row (e.g. "Clone a voice"). */
  button?: ReactNode;
  className?: string;
}

/** A row of tabs with an action beside them (spec: TabsWithButton). Arrow keys move between tabs. */
export function TabsWithButton<T extends string>({ value, onValueChange, tabs, label, button, className }: TabsWithButtonProps<T>) {
  return (
    <div data-slot="tabs-with-button" className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <TabsPrimitive.Root value={value} onValueChange={(next) => onValueChange(next as T)} activationMode="automatic">
        <TabsPrimitive.List aria-label={label} className="inline-flex rounded-lg bg-surface-muted p-1">
          {tabs.map((tab) => (
            <TabsPrimitive.Trigger
              key={tab.value}
              value={tab.value}
              // The list below is one region shared by every tab, not a panel per tab: no dangling aria-controls.
              aria-controls={undefined}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {tab.label}
            </TabsPrimitive.Trigger>
          ))}
        </TabsPrimitive.List>
      </TabsPrimitive.Root>
      {button}
    </div>
  );
}
