import type { ComponentType } from "react";
import { LoaderCircleIcon } from "lucide-react";
import { Button, type ButtonProps } from "../ui/button";

/** A tool's main action: its icon and label, or a spinner and the running label while it runs. */
export function RunButton({ running, icon: Icon, label, runningLabel, ...props }: Omit<ButtonProps, "children"> & { running: boolean; icon: ComponentType<{ "aria-hidden"?: boolean | "true" }>; label: string; runningLabel: string }) {
  return (
    <Button type="button" size="lg" {...props}>
      {running ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
      {running ? runningLabel : label}
    </Button>
  );
}
