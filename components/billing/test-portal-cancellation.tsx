"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/use-hydrated";
import { updateTestPlanAction } from "@/lib/actions/update-test-plan";

/**
 * The built-in portal's cancellation: the plan and its credits stay until the end of the term
 * (decision 6), after a confirmation; a plan set to end can be resumed until then.
 */
export function TestPortalCancellation({ cancelAtPeriodEnd, termEnd }: { cancelAtPeriodEnd: boolean; termEnd: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const hydrated = useHydrated();

  const run = (action: "cancel" | "resume") =>
    startTransition(async () => {
      const result = await updateTestPlanAction({ action });
      if (!result.ok) {
        toast.error(t("checkout.errorTitle"), { description: t(result.error, result.values) });
        return;
      }
      toast.success(action === "cancel" ? t("subscription.testPortal.cancelled", { date: termEnd }) : t("subscription.testPortal.resumed"));
      router.refresh();
    });

  const busy = <Loader2 className="animate-spin" aria-hidden="true" />;
  return (
    <section aria-labelledby="test-portal-cancel-title" className="space-y-3 rounded-2xl border bg-card p-5 shadow-sm" data-testid="test-portal-cancellation">
      <h2 id="test-portal-cancel-title" className="text-lg font-semibold">
        {cancelAtPeriodEnd ? t("subscription.testPortal.endingTitle") : t("subscription.testPortal.cancelTitle")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {cancelAtPeriodEnd ? t("subscription.testPortal.endingText", { date: termEnd }) : t("subscription.testPortal.cancelText", { date: termEnd })}
      </p>
      <div className="flex justify-end">
        {cancelAtPeriodEnd ? (
          <Button variant="brand" disabled={isPending || !hydrated} onClick={() => run("resume")} data-testid="test-portal-resume">
            {isPending ? busy : null}
            {isPending ? t("subscription.testPortal.resuming") : t("subscription.testPortal.resumeButton")}
          </Button>
        ) : (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline" disabled={isPending || !hydrated} data-testid="test-portal-cancel">
                {isPending ? busy : null}
                {isPending ? t("subscription.testPortal.cancelling") : t("subscription.testPortal.cancelButton")}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent data-testid="test-portal-cancel-dialog">
              <AlertDialogHeader>
                <AlertDialogTitle>{t("subscription.testPortal.confirmTitle")}</AlertDialogTitle>
                <AlertDialogDescription>{t("subscription.testPortal.confirmText", { date: termEnd })}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("subscription.testPortal.keep")}</AlertDialogCancel>
                <AlertDialogAction variant="destructive" onClick={() => run("cancel")} data-testid="test-portal-cancel-confirm">
                  {t("subscription.testPortal.confirmCancel")}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        )}
      </div>
    </section>
  );
}
