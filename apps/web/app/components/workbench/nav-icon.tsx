import type { LucideIcon, LucideProps } from "lucide-react";

/** A page's icon in the sidebar, the workbench home and the AI tools hub (decorative: the page's name is beside it). */
export function NavIcon({ icon: Icon, ...props }: LucideProps & { icon: LucideIcon }) {
  return <Icon aria-hidden="true" {...props} />;
}
