import { usePlural, useT } from "../../i18n";
import { Button } from "../ui/button";
import { DialogActions } from "../ui/dialog";
import { DubbingDialog } from "./dubbing-dialog";

/** Confirms deleting the selected segments (with their count); the delete itself can be undone. */
export function DeleteSegmentsDialog({ open, onOpenChange, count, onConfirm }: { open: boolean; onOpenChange: (open: boolean) => void; count: number; onConfirm: () => void }) {
  const t = useT();
  const tp = usePlural();
  return (
    <DubbingDialog open={open} onOpenChange={onOpenChange} title={tp("dubbing.deleteDialog.title", count)} description={t("dubbing.deleteDialog.description")} role="alertdialog" data-testid="dubbing-delete-dialog">
      <DialogActions cancelLabel={t("dubbing.translate.cancel")}>
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
      </DialogActions>
    </DubbingDialog>
  );
}
