import type { ComponentProps } from "react";
import { DownloadIcon } from "lucide-react";
import { Button } from "../ui/button";
import type { ButtonVariantProps } from "../ui/button-variants";

/** A result file's download: a small button that is a link with `download`, its icon first. */
export function DownloadButton({ variant, children, ...props }: ComponentProps<"a"> & { href: string; variant?: ButtonVariantProps["variant"] }) {
  return (
    <Button asChild size="sm" variant={variant}>
      <a download {...props}>
        <DownloadIcon aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}
