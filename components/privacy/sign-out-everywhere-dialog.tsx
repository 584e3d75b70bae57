"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { LogOut } from "@/components/icons/log-out";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { successToastAfterNavigation } from "@/components/layout/toast-after-navigation";
import { clearLocalUserState } from "@/components/layout/use-sign-out";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { signOutEverywhereAction } from "@/lib/actions/sign-out-everywhere";

/** Asks once more, then ends every session of the account, this one included, and goes home. */
export function SignOutEverywhereDialog() {
  const t = useTranslations("privacy.signOutEverywhere");
  const tCommon = useTranslations("privacy");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [isPending, startTransition] = useTransition();

  function confirm() {
    startTransition(async () => {
      const result = await signOutEverywhereAction({}).catch(() => null);
      if (!result?.ok) {
        toast.error(t("failed"));
        return;
      }
      clearLocalUserState();
      successToastAfterNavigation(t("doneTitle"), t("doneDescription"));
      // The home page has its own root layout, so this is a full page load, which drops the
      // state of this one; the toast waits for the next page (toast-after-navigation.ts).
      router.push("/");
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" data-testid="sign-out-everywhere-open">
          <LogOut aria-hidden="true" />
          {t("button")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")}>
        <DialogHeader>
          <DialogTitle>{t("confirmTitle")}</DialogTitle>
          <DialogDescription>{t("confirmBody")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={isPending}>
              {tCommon("cancel")}
            </Button>
          </DialogClose>
          <Button onClick={confirm} disabled={isPending} data-testid="sign-out-everywhere-confirm">
            {isPending ? t("signingOut") : t("confirmButton")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
