import { XIcon } from "lucide-react";
import { useLocale, useT } from "../../i18n";
import { Button } from "../ui/button";
import { Input, Label } from "../ui/input";
import { languageName } from "../voices/voice-labels";
import { EMPTY_STYLE, type StyleRow } from "./drawn-style";

/**
 * The subtitle style per target language for lines drawn over the picture's own (issue 28: "or a
 * style the person picks"): text and outline colours, letter height and a place at the bottom; what
 * is left empty stays as measured from the video's own lines. The video translator's form and a
 * series' memory use it.
 */
export function DrawnStyleEditor({ rows, onChange, targets, id }: { rows: Record<string, StyleRow>; onChange: (rows: Record<string, StyleRow>) => void; targets: readonly string[]; id: string }) {
  const t = useT();
  const locale = useLocale();
  const update = (language: string, patch: Partial<StyleRow>) => onChange({ ...rows, [language]: { ...(rows[language] ?? EMPTY_STYLE), ...patch } });
  return (
    <section className="grid gap-3" aria-labelledby={`${id}-style`} data-testid="drawn-style-editor">
      <div>
        <h3 id={`${id}-style`} className="font-semibold">
          {t("toolShared.drawnStyle.title")}
        </h3>
        <p className="text-xs text-muted-foreground">{t("toolShared.drawnStyle.lead")}</p>
      </div>
      {targets.length === 0 ? <p className="text-sm text-muted-foreground">{t("toolShared.drawnStyle.noTargets")}</p> : null}
      <ul className="grid gap-3">
        {targets.map((language) => {
          const row = rows[language] ?? EMPTY_STYLE;
          const field = (name: string) => `${id}-style-${language}-${name}`;
          const colour = (name: "color" | "outlineColor") => (
            <div className="grid gap-1">
              <Label htmlFor={field(name)}>{t(`toolShared.drawnStyle.${name}`)}</Label>
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <input
                  id={field(name)}
                  type="color"
                  className="h-9 w-12 cursor-pointer rounded-md border border-border bg-surface p-1"
                  value={row[name] || (name === "color" ? "#ffffff" : "#000000")}
                  onChange={(event) => update(language, { [name]: event.target.value })}
                  data-testid={`style-${name}`}
                />
                {row[name] ? (
                  <Button type="button" variant="link" size="xs" className="px-0" onClick={() => update(language, { [name]: "" })}>
                    <XIcon aria-hidden="true" />
                    {t("toolShared.drawnStyle.reset")}
                  </Button>
                ) : (
                  <span className="text-xs text-muted-foreground">{t("toolShared.drawnStyle.asVideo")}</span>
                )}
              </div>
            </div>
          );
          return (
            <li key={language} className="grid gap-3 rounded-xl border border-border p-3" data-testid="style-row" data-language={language}>
              <span className="text-sm font-medium">{t("toolShared.drawnStyle.forLanguage", { language: languageName(language, locale) })}</span>
              <div className="grid gap-3 sm:grid-cols-2">
                {colour("color")}
                {colour("outlineColor")}
                <div className="grid gap-1">
                  <Label htmlFor={field("size")}>{t("toolShared.drawnStyle.size")}</Label>
                  <Input id={field("size")} type="number" inputMode="numeric" min={8} max={200} step={1} placeholder={t("toolShared.drawnStyle.asVideo")} value={row.fontSize} onChange={(event) => update(language, { fontSize: event.target.value })} data-testid="style-size" />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={field("margin")}>{t("toolShared.drawnStyle.margin")}</Label>
                  <Input id={field("margin")} type="number" inputMode="decimal" min={0} max={50} step={0.5} aria-describedby={`${field("margin")}-hint`} value={row.marginPercent} onChange={(event) => update(language, { marginPercent: event.target.value })} data-testid="style-margin" />
                  <span id={`${field("margin")}-hint`} className="text-xs text-muted-foreground">
                    {t("toolShared.drawnStyle.marginHint")}
                  </span>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
