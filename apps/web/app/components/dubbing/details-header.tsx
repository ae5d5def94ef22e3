import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeftIcon, CloudOffIcon, CheckIcon, LoaderCircleIcon, Redo2Icon, TriangleAlertIcon, Undo2Icon } from "lucide-react";
import { localizePath, useLocale, usePlural, useT } from "../../i18n";
import type { SaveState } from "../../lib/dubbing/edit-queue";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { LanguageSelect } from "../tool-shared/language-select";

/** The editor's header: back, title (renamed in place), language (pro), save state, undo/redo, and the action buttons (`children`). */
export function DetailsHeader({ backPath, title, onRename, languages, language, onLanguage, save, canUndo, canRedo, onUndo, onRedo, children }: { backPath: string; title: string; onRename: (title: string) => void; languages: readonly string[]; language: string; onLanguage: ((language: string) => void) | null; save: SaveState; canUndo: boolean; canRedo: boolean; onUndo: () => void; onRedo: () => void; children: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  useEffect(() => setDraft(title), [title]);
  const commit = () => {
    setEditing(false);
    const next = draft.trim();
    if (next && next !== title) onRename(next.slice(0, 120));
    else setDraft(title);
  };
  return (
    <header className="grid gap-3" data-testid="dubbing-details-header">
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to={localizePath(backPath, locale)}>
            <ArrowLeftIcon aria-hidden="true" />
            {t("dubbing.editor.back")}
          </Link>
        </Button>
        <div className="min-w-0 flex-1">
          {editing ? (
            <Input
              value={draft}
              autoFocus
              maxLength={120}
              aria-label={t("dubbing.editor.titleLabel")}
              onChange={(event) => setDraft(event.target.value)}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === "Enter") commit();
                if (event.key === "Escape") {
                  setDraft(title);
                  setEditing(false);
                }
              }}
              className="h-9 max-w-md text-lg font-semibold"
              data-testid="dubbing-title-input"
            />
          ) : (
            <h1>
              <button type="button" className="max-w-full truncate rounded-md px-1 text-left text-xl font-bold tracking-tight hover:bg-surface-muted" title={t("dubbing.editor.renameHint")} onClick={() => setEditing(true)} data-testid="dubbing-title">
                {title}
              </button>
            </h1>
          )}
        </div>
        <SaveBadge save={save} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {onLanguage && languages.length > 1 ? (
          <LanguageSelect className="w-auto" value={language} onValueChange={onLanguage} languages={languages} aria-label={t("dubbing.editor.language")} data-testid="dubbing-language" />
        ) : null}
        <Button type="button" variant="outline" size="icon" onClick={onUndo} disabled={!canUndo} aria-label={t("dubbing.editor.undo")} title={`${t("dubbing.editor.undo")} (Ctrl+Z)`} data-testid="dubbing-undo">
          <Undo2Icon aria-hidden="true" />
        </Button>
        <Button type="button" variant="outline" size="icon" onClick={onRedo} disabled={!canRedo} aria-label={t("dubbing.editor.redo")} title={`${t("dubbing.editor.redo")} (Ctrl+Shift+Z)`} data-testid="dubbing-redo">
          <Redo2Icon aria-hidden="true" />
        </Button>
        {children}
      </div>
    </header>
  );
}

function SaveBadge({ save }: { save: SaveState }) {
  const t = useT();
  const tp = usePlural();
  const [icon, text, tone] =
    save.kind === "saved"
      ? [<CheckIcon key="i" className="size-4" aria-hidden="true" />, t("dubbing.save.saved"), "text-muted-foreground"]
      : save.kind === "saving"
        ? [<LoaderCircleIcon key="i" className="size-4 animate-spin" aria-hidden="true" />, t("dubbing.save.saving"), "text-muted-foreground"]
        : save.kind === "offline"
          ? [<CloudOffIcon key="i" className="size-4" aria-hidden="true" />, tp("dubbing.save.offline", save.queued), "text-destructive"]
          : [<TriangleAlertIcon key="i" className="size-4" aria-hidden="true" />, t("dubbing.save.conflict"), "text-destructive"];
  return (
    <span className={`flex items-center gap-1.5 text-sm ${tone}`} role="status" aria-live="polite" data-testid="dubbing-save-state" data-state={save.kind}>
      {icon}
      {text}
    </span>
  );
}
