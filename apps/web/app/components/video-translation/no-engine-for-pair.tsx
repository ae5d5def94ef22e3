import { Link } from "react-router";
import { BookOpenIcon, FileTextIcon, PencilLineIcon } from "lucide-react";
import { localizePath, useLocale, useT } from "../../i18n";
import { Button } from "../ui/button";
import { languageName } from "../voices/voice-labels";

/** Where "set up an engine" is explained (the help center's article for whoever runs the install). */
export const SET_UP_ENGINES_PATH = "/help-center";
export const SET_UP_ENGINES_ANCHOR = "set-up-engines";

/**
 * A pair nothing here translates, and the ways through it (issue 31): a subtitle file that is
 * already the translation (no engine at all), the lines typed in dubbing, or an engine set up by
 * whoever runs this Voxwork (the help center's article). Languages by name, never by code.
 */
export function NoEngineForPair({
  sourceLanguage,
  targetLanguage,
  offlineTargets,
  mode,
  onUseTranslationFile,
}: {
  sourceLanguage: string;
  targetLanguage: string;
  offlineTargets: readonly string[];
  mode: "quick" | "pro";
  onUseTranslationFile: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const source = languageName(sourceLanguage, locale);
  const target = languageName(targetLanguage, locale);
  const offline = offlineTargets.map((language) => languageName(language, locale)).join(locale === "zh" ? "、" : ", ");
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-border bg-surface-muted/60 p-3 text-sm sm:p-4" data-testid="no-engine-for-pair" data-source={sourceLanguage} data-target={targetLanguage}>
      <div className="grid gap-1">
        <p className="font-semibold">{t("videoTranslation.noEngine.title", { source, target })}</p>
        <p className="text-muted-foreground">{offline ? t("videoTranslation.noEngine.offline", { source, targets: offline }) : t("videoTranslation.noEngine.noOffline", { source })}</p>
        <p>{t("videoTranslation.noEngine.lead")}</p>
      </div>
      <ul className="grid gap-3">
        <li className="grid gap-1">
          <Button type="button" variant="outline" className="h-auto justify-start whitespace-normal py-2 text-left" onClick={onUseTranslationFile} data-testid="use-translation-file">
            <FileTextIcon aria-hidden="true" />
            {t("videoTranslation.noEngine.useFile", { target })}
          </Button>
          <span className="text-xs text-muted-foreground">{t("videoTranslation.noEngine.useFileHint")}</span>
        </li>
        <li className="grid gap-1">
          <Link to={localizePath(mode === "pro" ? "/workbench/dubbing-pro" : "/workbench/dubbing-studio", locale)} className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline [&_svg]:size-4" data-testid="type-lines-in-dubbing">
            <PencilLineIcon aria-hidden="true" />
            {t("videoTranslation.noEngine.typeLines")}
          </Link>
          <span className="text-xs text-muted-foreground">{t(mode === "pro" ? "videoTranslation.noEngine.typeLinesHintPro" : "videoTranslation.noEngine.typeLinesHint", { target })}</span>
        </li>
        <li className="grid gap-1">
          <Link to={`${localizePath(SET_UP_ENGINES_PATH, locale)}#${SET_UP_ENGINES_ANCHOR}`} className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline [&_svg]:size-4" data-testid="set-up-engine">
            <BookOpenIcon aria-hidden="true" />
            {t("videoTranslation.noEngine.setUp")}
          </Link>
          <span className="text-xs text-muted-foreground">{t("videoTranslation.noEngine.setUpHint")}</span>
        </li>
      </ul>
    </div>
  );
}
