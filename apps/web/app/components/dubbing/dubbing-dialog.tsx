import { useState, type ComponentProps, type ReactNode } from "react";
import { useT } from "../../i18n";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";

/**
 * The shell of the dubbing dialogs (the editor's, the new project's): open and closed by their page,
 * a title and the line under it, then the dialog's own parts (its footer usually `DialogActions`).
 * The close button says "cancel" unless the dialog names it otherwise.
 */
export function DubbingDialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  ...props
}: Omit<ComponentProps<typeof DialogContent>, "closeLabel" | "title"> & { open: boolean; onOpenChange: (open: boolean) => void; title: ReactNode; description: ReactNode; closeLabel?: string }) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={closeLabel ?? t("dubbing.translate.cancel")} {...props}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A dialog's action that calls the server: `busy` while it runs; a failed call leaves the dialog as
 * it is (the client wrapper showed the catalogue message), so the user may try again.
 */
export function useDialogAction() {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch {
      // The client wrapper showed the catalogue message.
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
