import { useId } from "react";
import { useT } from "../../i18n";

export type ScopeKind = "all" | "changed" | "selected";

/** Which segments an action takes: all, the changed (or untranslated) ones, or the selection. */
export function ScopeField({ value, onChange, selectedCount, changedLabel }: { value: ScopeKind; onChange: (value: ScopeKind) => void; selectedCount: number; changedLabel: string }) {
  const t = useT();
  const name = useId();
  const choices: Array<[ScopeKind, string, boolean]> = [
    ["changed", changedLabel, false],
    ["selected", t("dubbing.scope.selected", { count: selectedCount }), selectedCount === 0],
    ["all", t("dubbing.scope.all"), false],
  ];
  return (
    <fieldset className="grid gap-1.5">
      {choices.map(([kind, label, disabled]) => (
        <label key={kind} className="flex items-center gap-2 text-sm has-[:disabled]:opacity-50">
          <input type="radio" name={name} checked={value === kind} disabled={disabled} onChange={() => onChange(kind)} className="size-4 accent-[var(--vx-primary)]" data-testid={`scope-${kind}`} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

export function scopeBody(kind: ScopeKind, selected: readonly string[]): { kind: "all" } | { kind: "changed" } | { kind: "selected"; segmentIds: string[] } {
  return kind === "selected" ? { kind, segmentIds: [...selected] } : { kind };
}
