import { Button } from "../ui/button";

/**
 * A tool of the editor: icon and name; below 640 px the name is for assistive technology only.
 * `compact` tools (the ones used least) show only their icon below 1536 px too, with the name as a
 * tooltip, so dubbing pro's header keeps to one row at 1440 px (decision 050).
 */
export function ToolbarButton({ icon, label, onClick, disabled, testId, compact = false }: { icon: React.ReactNode; label: string; onClick: () => void; disabled?: boolean; testId: string; compact?: boolean }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={disabled} title={compact ? label : undefined} data-testid={testId}>
      <span aria-hidden="true" className="contents">
        {icon}
      </span>
      <span className={compact ? "max-2xl:sr-only" : "max-sm:sr-only"}>{label}</span>
    </Button>
  );
}
