import type { ComponentProps } from "react";
import { useLocale } from "../../i18n/index";
import { languageName } from "../voices/voice-labels";
import { NativeSelect } from "./native-select";

export interface LanguageSelectProps extends Omit<ComponentProps<typeof NativeSelect>, "onChange"> {
  /** Language tags to offer, each named in the page's language; `children` come first (an "automatic" choice). */
  languages: readonly string[];
  onValueChange: (language: string) => void;
}

/** A native select of languages, named in the page's language (Intl). */
export function LanguageSelect({ languages, onValueChange, children, ...props }: LanguageSelectProps) {
  const locale = useLocale();
  return (
    <NativeSelect onChange={(event) => onValueChange(event.target.value)} {...props}>
      {children}
      {languages.map((tag) => (
        <option key={tag} value={tag}>
          {languageName(tag, locale)}
        </option>
      ))}
    </NativeSelect>
  );
}
