import { useId } from "react";
import { cn } from "../../lib/utils";

interface ColourChoiceProps {
  label: string;
  value: string;
  onChange: (colour: string) => void;
  /** `#RRGGBB` and its name, in the order shown. */
  swatches: ReadonlyArray<readonly [string, string]>;
  customLabel: string;
  testId?: string;
}

/** A colour: named swatches (radio buttons, so arrow keys move between them) and the browser's picker for any other. */
export function ColourChoice({ label, value, onChange, swatches, customLabel, testId }: ColourChoiceProps) {
  const id = useId();
  const custom = !swatches.some(([colour]) => colour.toLowerCase() === value.toLowerCase());
  return (
    <fieldset className="grid gap-1.5" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap items-center gap-2">
        {swatches.map(([colour, name]) => (
          <label key={colour} title={name} className="cursor-pointer">
            <input type="radio" className="peer sr-only" name={id} value={colour} checked={colour.toLowerCase() === value.toLowerCase()} onChange={() => onChange(colour)} aria-label={name} />
            <span
              className="block size-7 rounded-full border border-border shadow-sm peer-checked:ring-2 peer-checked:ring-primary peer-checked:ring-offset-2 peer-checked:ring-offset-surface peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
              style={{ backgroundColor: colour }}
            />
          </label>
        ))}
        <label className={cn("relative inline-flex size-7 cursor-pointer items-center justify-center overflow-hidden rounded-full border border-dashed border-border text-xs", custom && "ring-2 ring-primary ring-offset-2 ring-offset-surface")} title={customLabel}>
          <input type="color" value={value.toLowerCase()} onChange={(event) => onChange(event.target.value.toUpperCase())} aria-label={customLabel} className="absolute inset-0 size-full cursor-pointer opacity-0" />
          <span aria-hidden="true" className="size-full" style={custom ? { backgroundColor: value } : { background: "conic-gradient(red, yellow, lime, cyan, blue, magenta, red)" }} />
        </label>
      </div>
    </fieldset>
  );
}
