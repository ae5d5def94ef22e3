import { CoinsIcon, CrownIcon, LogOutIcon, UserIcon } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { planByVipLevel } from "@voxwork/contract";
import { toast } from "sonner";
import { localizePath, useLocale, useT } from "../../i18n";
import { trackEvent } from "../../lib/analytics";
import { isSignedIn, useCurrentUser } from "../../lib/current-user";
import { signOut } from "../../lib/session";
import { Button } from "../ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../ui/dropdown-menu";

/** Initials of a name or email, for the avatar placeholder. */
export function initials(name: string): string {
  const words = name.replace(/@.*/, "").split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [...words[0]!][0]! + [...words[1]!][0]! : [...(words[0] ?? "?")].slice(0, 2).join("");
  return letters.toUpperCase();
}

export function UserAvatar({ name, className = "size-7 text-xs" }: { name: string; className?: string }) {
  return (
    <span aria-hidden="true" translate="no" className={`inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-soft-foreground ${className}`}>
      {initials(name)}
    </span>
  );
}

/** Points and plan of the signed-in user, shown in the workbench header on every page. */
export function HeaderBalance() {
  const t = useT();
  const locale = useLocale();
  const user = useCurrentUser();
  if (!isSignedIn(user)) return null;
  const numbers = new Intl.NumberFormat(locale === "zh" ? "zh-CN" : "en-US");
  const plan = user.planId || planByVipLevel(user.vipLevel).id;
  return (
    <Link
      to={localizePath("/workbench/my-plan", locale)}
      className="flex items-center gap-1.5 whitespace-nowrap rounded-lg px-1.5 py-1 text-xs hover:bg-surface-muted sm:gap-2 sm:px-2 sm:text-sm"
      data-testid="header-balance"
    >
      <CoinsIcon className="size-4 text-primary" aria-hidden="true" />
      <span data-testid="header-points">{t("accounts.menu.points", { points: numbers.format(user.availablePoint) })}</span>
      <span className="hidden items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-soft-foreground sm:inline-flex" data-testid="header-plan">
        <CrownIcon className="size-3" aria-hidden="true" />
        {t(`planNames.${plan}`)}
      </span>
    </Link>
  );
}

/** The user menu: name, points, plan and sign-out when signed in; sign-in and registration otherwise. */
export function UserMenu() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const numbers = new Intl.NumberFormat(locale === "zh" ? "zh-CN" : "en-US");

  if (!isSignedIn(user)) {
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
            <Link to={localizePath("/login", locale)} onClick={() => trackEvent("navbar_to_login")} data-testid="navbar-login">
              {t("shell.signIn")}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={localizePath("/register", locale)}>{t("shell.register")}</Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }

  const plan = user.planId || planByVipLevel(user.vipLevel).id;
  async function onSignOut() {
    await signOut();
    toast.success(t("accounts.menu.signedOut"));
    await navigate(localizePath("/login", locale));
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={user.nickName ? `${t("shell.userMenu")}: ${user.nickName}` : t("shell.userMenu")} data-testid="user-menu" className="gap-2 px-1.5">
          <UserAvatar name={user.nickName || user.email} />
          <span className="hidden max-w-32 truncate sm:inline">{user.nickName}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate" data-testid="user-menu-name">{user.nickName}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuLabel className="flex items-center justify-between gap-2 text-xs font-normal">
          <span data-testid="user-menu-points">{t("accounts.menu.points", { points: numbers.format(user.availablePoint) })}</span>
          <span>{t("accounts.menu.plan", { plan: t(`planNames.${plan}`) })}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={localizePath("/workbench/account", locale)}>{t("accounts.menu.account")}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={localizePath("/workbench/my-plan", locale)}>{t("accounts.menu.myPlan")}</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void onSignOut()} data-testid="sign-out">
          <LogOutIcon />
          {t("accounts.menu.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
