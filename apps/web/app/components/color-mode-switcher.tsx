import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { useT } from "../i18n";
import { COLOR_MODES, isColorMode, useColorMode } from "../lib/color-mode";
import { Button } from "./ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "./ui/tooltip";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "./ui/dropdown-menu";

const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/** Light / dark / system (spec §3/§4); the choice is stored under `nuxt-color-mode`. */
export function ColorModeSwitcher() {
  const t = useT();
  const { preference, value, unknown, forced, setPreference } = useColorMode();
  const Icon = unknown ? MonitorIcon : value === "dark" ? MoonIcon : SunIcon;

  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="icon" aria-label={t("colorMode.label")} data-testid="color-mode-switcher">
              <Icon />
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>{t("colorMode.label")}</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("colorMode.label")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={preference} onValueChange={(mode) => isColorMode(mode) && setPreference(mode)}>
          {COLOR_MODES.map((mode) => {
            const ItemIcon = ICONS[mode];
            return (
              <DropdownMenuRadioItem key={mode} value={mode} disabled={forced} data-testid={`color-mode-${mode}`}>
                <ItemIcon />
                {t(`colorMode.${mode}`)}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
