import { UserIcon } from "lucide-react";
import { Link } from "react-router";
import { localizePath, useLocale, useT } from "../../i18n";
import { Button } from "../ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../ui/dropdown-menu";

/**
 * User menu placeholder: accounts are not built yet, so it never shows a signed-in user; it
 * offers sign-in and registration.
 */
export function UserMenu() {
  const t = useT();
  const locale = useLocale();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("shell.userMenu")} data-testid="user-menu">
          <UserIcon />
          <span className="hidden sm:inline">{t("shell.signIn")}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>{t("shell.notSignedIn")}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={localizePath("/login", locale)}>{t("shell.signIn")}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={localizePath("/register", locale)}>{t("shell.register")}</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
