import type { ComponentProps } from "react";
import { NavigationMenu as NavigationMenuPrimitive } from "radix-ui";
import { ChevronDownIcon } from "lucide-react";
import { UI_DEFAULTS } from "../../lib/ui-defaults";
import { cn } from "../../lib/utils";

/** Opens on hover after 200 ms (spec §9). */
export function NavigationMenu({ className, delayDuration = UI_DEFAULTS.navigationMenu.delayDuration, ...props }: ComponentProps<typeof NavigationMenuPrimitive.Root>) {
  return (
    <NavigationMenuPrimitive.Root
      data-slot="navigation-menu"
      delayDuration={delayDuration}
      className={cn("relative flex max-w-max flex-1 items-center justify-center", className)}
      {...props}
    />
  );
}

export function NavigationMenuList({ className, ...props }: ComponentProps<typeof NavigationMenuPrimitive.List>) {
  return <NavigationMenuPrimitive.List data-slot="navigation-menu-list" className={cn("flex list-none items-center gap-1", className)} {...props} />;
}

export const NavigationMenuItem = (props: ComponentProps<typeof NavigationMenuPrimitive.Item>) => (
  <NavigationMenuPrimitive.Item data-slot="navigation-menu-item" {...props} />
);

export const navigationMenuTriggerClass =
  "inline-flex h-9 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=open]:text-foreground";

export function NavigationMenuTrigger({ className, children, ...props }: ComponentProps<typeof NavigationMenuPrimitive.Trigger>) {
  return (
    <NavigationMenuPrimitive.Trigger data-slot="navigation-menu-trigger" className={cn(navigationMenuTriggerClass, "group", className)} {...props}>
      {children}
      <ChevronDownIcon className="size-3 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
    </NavigationMenuPrimitive.Trigger>
  );
}

export function NavigationMenuContent({ className, ...props }: ComponentProps<typeof NavigationMenuPrimitive.Content>) {
  return (
    <NavigationMenuPrimitive.Content
      data-slot="navigation-menu-content"
      className={cn("absolute top-full left-0 mt-2 rounded-xl border border-border bg-surface p-2 shadow-lg", className)}
      {...props}
    />
  );
}

export function NavigationMenuLink({ className, ...props }: ComponentProps<typeof NavigationMenuPrimitive.Link>) {
  return (
    <NavigationMenuPrimitive.Link
      data-slot="navigation-menu-link"
      className={cn("block rounded-md px-3 py-2 text-sm hover:bg-surface-muted", className)}
      {...props}
    />
  );
}
