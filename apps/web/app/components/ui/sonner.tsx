import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useColorMode } from "../../lib/color-mode";
import { UI_DEFAULTS } from "../../lib/ui-defaults";

/** Toasts: top-center, closing after 3 s (spec §9), following the resolved colour mode. */
export function Toaster(props: ToasterProps) {
  const { value } = useColorMode();
  return (
    <Sonner
      theme={value}
      position={UI_DEFAULTS.toast.position}
      duration={UI_DEFAULTS.toast.durationMs}
      toastOptions={{ classNames: { toast: "!bg-surface !text-foreground !border-border", actionButton: "!bg-primary !text-primary-foreground" } }}
      {...props}
    />
  );
}

export { toast } from "sonner";
