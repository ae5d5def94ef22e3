import { type ComponentProps, type KeyboardEvent, useState } from "react";
import { XIcon } from "lucide-react";
import { cn } from "../../lib/utils";
import { addTags, type TagsRules } from "./tags-input-logic";

export type TagsInputProps = Omit<ComponentProps<"input">, "value" | "defaultValue" | "onChange"> &
  TagsRules & {
    value: string[];
    onValueChange: (tags: string[]) => void;
    removeLabel: (tag: string) => string;
  };

/** Free-text tags: typing the delimiter (comma by default) or Enter adds; Backspace on empty removes the last. */
export function TagsInput({ value, onValueChange, delimiter, allowDuplicates, max, removeLabel, className, ...props }: TagsInputProps) {
  const [draft, setDraft] = useState("");
  const rules = { delimiter, allowDuplicates, max };

  function commit(text: string) {
    const { tags } = addTags(value, text, rules);
    if (tags.length !== value.length) onValueChange(tags);
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" && draft.trim()) {
      event.preventDefault();
      commit(draft);
    } else if (event.key === "Backspace" && !draft && value.length) {
      onValueChange(value.slice(0, -1));
    }
  }

  return (
    <div data-slot="tags-input" className={cn("flex min-h-9 flex-wrap items-center gap-1.5 rounded-lg border border-border bg-surface px-2 py-1.5", className)}>
      {value.map((tag, index) => (
        <span key={`${tag}-${index}`} data-slot="tags-input-item" className="inline-flex items-center gap-1 rounded-md bg-surface-muted px-2 py-0.5 text-sm">
          {tag}
          <button type="button" aria-label={removeLabel(tag)} onClick={() => onValueChange(value.filter((_, i) => i !== index))} className="text-muted-foreground hover:text-foreground">
            <XIcon className="size-3" />
          </button>
        </span>
      ))}
      <input
        data-slot="tags-input-input"
        value={draft}
        onChange={(event) => {
          const text = event.target.value;
          if (text.includes(delimiter ?? ",")) commit(text);
          else setDraft(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && commit(draft)}
        className="min-w-20 flex-1 bg-transparent text-sm outline-none"
        {...props}
      />
    </div>
  );
}
