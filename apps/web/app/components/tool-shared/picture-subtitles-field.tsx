import { useId } from "react";
import { useT } from "../../i18n";

export type PictureSubtitles = "keep" | "replace" | "bilingual";
export type TranslationOutput = "dub" | "subtitles" | "both";

/** One radio choice with its hint under the label. */
function Choice({ name, value, checked, disabled, onChange, label, hint }: { name: string; value: string; checked: boolean; disabled?: boolean; onChange: () => void; label: string; hint: string }) {
  return (
    <label className="flex items-start gap-2 text-sm has-[:disabled]:opacity-60" data-slot="choice">
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onChange} className="mt-0.5 size-4 shrink-0 accent-[var(--vx-primary)]" data-testid={`${name.split("-").at(-1)}-${value}`} />
      <span className="grid min-w-0 gap-0.5">
        <span>{label}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
}

/**
 * The two choices for a video whose subtitles are burned in (issue 28): keep, replace (erased and
 * drawn again in the translation, in their style) or add the translation beside them; and what
 * comes back: the dub, the original voices with new subtitles (priced lower), or both. Replacing
 * and adding need the picture's lines, so they are off while the words come from speech.
 */
export function PictureSubtitlesField({
  subtitles,
  onSubtitlesChange,
  output,
  onOutputChange,
  fromSpeech,
  subtitlesPrice,
}: {
  subtitles: PictureSubtitles;
  onSubtitlesChange: (value: PictureSubtitles) => void;
  output: TranslationOutput;
  onOutputChange: (value: TranslationOutput) => void;
  /** The words come from speech: there are no picture lines to replace. */
  fromSpeech: boolean;
  subtitlesPrice: number;
}) {
  const t = useT();
  const id = useId();
  const draws = subtitles !== "keep";
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="picture-subtitles-field">
      <fieldset className="grid content-start gap-2">
        <legend className="mb-2 text-sm font-semibold">{t("videoTranslation.pictureSubtitles.title")}</legend>
        {(["keep", "replace", "bilingual"] as const).map((value) => (
          <Choice
            key={value}
            name={`${id}-subtitles`}
            value={value}
            checked={subtitles === value}
            disabled={value !== "keep" && fromSpeech}
            onChange={() => onSubtitlesChange(value)}
            label={t(`videoTranslation.pictureSubtitles.${value}`)}
            hint={t(`videoTranslation.pictureSubtitles.${value}Hint`)}
          />
        ))}
        {fromSpeech ? <p className="text-xs text-muted-foreground">{t("videoTranslation.pictureSubtitles.needsPicture")}</p> : null}
      </fieldset>
      <fieldset className="grid content-start gap-2">
        <legend className="mb-2 text-sm font-semibold">{t("videoTranslation.pictureSubtitles.output")}</legend>
        <Choice name={`${id}-output`} value="dub" checked={output === "dub"} onChange={() => onOutputChange("dub")} label={t("videoTranslation.pictureSubtitles.dub")} hint={t("videoTranslation.pictureSubtitles.dubHint")} />
        <Choice
          name={`${id}-output`}
          value="subtitles"
          checked={output === "subtitles"}
          disabled={!draws}
          onChange={() => onOutputChange("subtitles")}
          label={t("videoTranslation.pictureSubtitles.subtitlesOnly")}
          hint={t("videoTranslation.pictureSubtitles.subtitlesOnlyHint", { price: subtitlesPrice })}
        />
        <Choice name={`${id}-output`} value="both" checked={output === "both"} disabled={!draws} onChange={() => onOutputChange("both")} label={t("videoTranslation.pictureSubtitles.both")} hint={t("videoTranslation.pictureSubtitles.bothHint")} />
      </fieldset>
    </div>
  );
}
