import { usePlural, useT } from "../../i18n";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog";

/** Confirms deleting the selected segments (with their count); the delete itself can be undone. */
export function DeleteSegmentsDialog({ open, onOpenChange, count, onConfirm }: { open: boolean; onOpenChange: (open: boolean) => void; count: number; onConfirm: () => void }) {
  const t = useT();
  const tp = usePlural();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("dubbing.translate.cancel")} role="alertdialog" data-testid="dubbing-delete-dialog">
        <DialogHeader>
          <DialogTitle>{tp("dubbing.deleteDialog.title", count)}</DialogTitle>
          <DialogDescription>{t("dubbing.deleteDialog.description")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t("dubbing.translate.cancel")}
          </Button>
          <Button
            type="button"
            variant="destructive"
            autoFocus
            onClick={() => {
              onConfirm();
              onOpenChange(false);
            }}
            data-testid="dubbing-delete-confirm"
          >
            {t("dubbing.deleteDialog.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
