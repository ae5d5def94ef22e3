import { useEffect, useState } from "react";
import type { voiceListCall } from "@voxwork/contract";
import { SearchIcon, XIcon } from "lucide-react";
import { useLocale, useT, type MessageKey } from "../../i18n/index";
import { activeFilterCount, FILTER_KEYS, type FilterKey, type VoiceSearch } from "../../lib/speech/voice-filters";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { languageName, voiceTagLabel } from "./voice-labels";

type Facets = Awaited<ReturnType<(typeof voiceListCall)["data"]["parse"]>>["facets"];

const FACET_OF: Record<FilterKey, keyof Facets> = {
  language: "languages",
  gender: "genders",
  age: "ages",
  accent: "accents",
  useCase: "useCases",
  engineId: "engines",
};

export interface SearchWithFilterProps {
  search: VoiceSearch;
  onChange: (search: VoiceSearch) => void;
  facets: Facets | null;
  /** Optional engine id → name, for the engine filter's labels. */
  engineNames?: ReadonlyMap<string, string>;
  className?: string;
  idPrefix: string;
}

/** Search box (debounced) and one select per facet, with counts (spec: SearchWithFilter). */
export function SearchWithFilter({ search, onChange, facets, engineNames, className, idPrefix }: SearchWithFilterProps) {
  const t = useT();
  const locale = useLocale();
  const [query, setQuery] = useState(search.query);

  useEffect(() => setQuery(search.query), [search.query]);
  useEffect(() => {
    if (query === search.query) return;
    const timer = setTimeout(() => onChange({ ...search, query }), 300);
    return () => clearTimeout(timer);
  }, [query, search, onChange]);

  const optionLabel = (key: FilterKey, value: string, label?: string): string => {
    if (key === "language") return languageName(value, locale);
    if (key === "accent") return voiceTagLabel(t, "accent", value);
    if (key === "useCase") return voiceTagLabel(t, "useCase", value);
    if (key === "gender" && ["female", "male", "neutral"].includes(value)) return t(`voices.gender.${value as "female"}`);
    if (key === "age" && ["child", "young", "adult", "senior"].includes(value)) return t(`voices.age.${value as "adult"}`);
    if (key === "engineId") return label ?? engineNames?.get(value) ?? value;
    return value;
  };

  const setFilter = (key: FilterKey, value: string) => onChange({ ...search, filters: { ...search.filters, [key]: value || undefined } });

  return (
    <div data-slot="search-with-filter" className={cn("grid gap-3", className)}>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") onChange({ ...search, query });
          }}
          placeholder={t("voices.library.searchPlaceholder")}
          aria-label={t("voices.library.searchLabel")}
          className="pl-9"
          maxLength={100}
          data-testid="voice-search"
        />
      </div>
      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <legend className="sr-only">{t("voices.library.filtersLabel")}</legend>
        {FILTER_KEYS.map((key) => {
          const options = facets?.[FACET_OF[key]] ?? [];
          const current = search.filters[key] ?? "";
          const id = `${idPrefix}-filter-${key}`;
          return (
            <div key={key} className="grid gap-1">
              <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
                {t(`voices.library.filters.${key}` as MessageKey)}
              </label>
              <select
                id={id}
                value={current}
                onChange={(event) => setFilter(key, event.target.value)}
                data-testid={`voice-filter-${key}`}
                className="h-9 w-full min-w-0 rounded-lg border border-border bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <option value="">{t("voices.library.anyOption")}</option>
                {current && !options.some((option) => option.value === current) ? <option value={current}>{optionLabel(key, current)}</option> : null}
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t("voices.library.optionWithCount", { label: optionLabel(key, option.value, option.label), count: option.count })}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </fieldset>
      {activeFilterCount(search) > 0 ? (
        <div>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange({ ...search, filters: {} })}>
            <XIcon aria-hidden="true" />
            {t("voices.library.clearFilters")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
