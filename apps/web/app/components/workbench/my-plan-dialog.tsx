import { CrownIcon } from "lucide-react";
import { useT } from "../../i18n";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog";
import { PlanOverview } from "./plan-overview";

/** My-plan dialog (spec §2 layouts): the plans and point packs on offer. Hidden below 640 px, where the header balance links to My plan. */
export function MyPlanDialog() {
  const t = useT();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="my-plan-open" className="hidden sm:inline-flex">
          <CrownIcon />
          <span className="hidden sm:inline">{t("shell.myPlan")}</span>
          <span className="sr-only sm:hidden">{t("shell.myPlan")}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("shell.close")} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("myPlan.title")}</DialogTitle>
          <DialogDescription>{t("myPlan.lead")}</DialogDescription>
        </DialogHeader>
        <PlanOverview />
      </DialogContent>
    </Dialog>
  );
}
