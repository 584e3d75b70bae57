"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { UserX } from "@/components/icons/user-x";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { successToastAfterNavigation } from "@/components/layout/toast-after-navigation";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { clearLocalUserState } from "@/components/layout/use-sign-out";
import { deleteAccountAction } from "@/lib/actions/delete-account";
import { confirmsEmail } from "@/lib/validations/confirms-email";

/**
 * Deleting the account needs the account's email typed out, so it cannot happen by a stray
 * click. The server checks the email again; afterwards the session is gone and the visitor is on /.
 */
export function DeleteAccountDialog({ email }: { email: string }) {
  const t = useTranslations("privacy.deleteAccount");
  const tCommon = useTranslations("privacy");
  const router = useRouter();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [isPending, startTransition] = useTransition();
  const matches = confirmsEmail(typed, email);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!matches) return;
    startTransition(async () => {
      const result = await deleteAccountAction({ confirmEmail: typed }).catch(() => null);
      if (!result?.ok) {
        toast.error(t("failed"));
        return;
      }
      await clearLocalUserState();
      successToastAfterNavigation(t("done"));
      // The home page has its own root layout, so this is a full page load, which drops the
      // state of this one; the toast waits for the next page (toast-after-navigation.ts).
      router.push("/");
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isPending) return;
        setOpen(next);
        if (!next) setTyped("");
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" data-testid="delete-account-open">
          <UserX aria-hidden="true" />
          {t("button")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")}>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("confirmTitle")}</DialogTitle>
            <DialogDescription>{t("confirmBody")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{t("typeEmail", { email })}</Label>
            <Input
              id={inputId}
              type="email"
              dir="ltr"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              data-testid="delete-account-email"
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isPending}>
                {tCommon("cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!matches || isPending} data-testid="delete-account-confirm">
              {isPending ? t("deleting") : t("confirmButton")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
