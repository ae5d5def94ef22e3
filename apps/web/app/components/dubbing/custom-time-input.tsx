import { useEffect, useId, useState } from "react";
import { formatTimecode, parseTimecode } from "@voxwork/contract/dubbing";
import { Input, Label } from "../ui/input";

/**
 * A time typed as a timecode (`1:02.5`, `62.5`, `1m2s`, `00:01:02,500`), committed on Enter or
 * when it loses focus; Escape puts the current time back. `problem` explains a refused value.
 */
export function CustomTimeInput({ label, valueMs, onCommit, problem, withHours, invalidText, hint, testId }: { label: string; valueMs: number; onCommit: (ms: number) => void; problem?: string | null; withHours: boolean; invalidText: string; hint: string; testId: string }) {
  const id = useId();
  const [text, setText] = useState(formatTimecode(valueMs, withHours));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(formatTimecode(valueMs, withHours));
    setInvalid(false);
  }, [valueMs, withHours]);
  const commit = () => {
    const ms = parseTimecode(text);
    if (ms === undefined) return setInvalid(true);
    setInvalid(false);
    if (ms !== valueMs) onCommit(ms);
    else setText(formatTimecode(valueMs, withHours));
  };
  const message = invalid ? invalidText : problem;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={text}
        inputMode="decimal"
        className="h-9 font-mono tabular-nums"
        aria-invalid={Boolean(message)}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
          if (event.key === "Escape") setText(formatTimecode(valueMs, withHours));
        }}
        data-testid={testId}
      />
      <span id={`${id}-hint`} className={message ? "text-xs text-destructive" : "sr-only"} role={message ? "alert" : undefined}>
        {message ?? hint}
      </span>
    </div>
  );
}
