"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { UserX } from "@/components/icons/user-x";
import { leaveEndedSession } from "@/components/layout/use-sign-out";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { deleteAccountAction } from "@/lib/actions/delete-account";
import { confirmsEmail } from "@/lib/validations/confirms-email";
import { ConfirmActionDialog } from "./confirm-action-dialog";

/**
 * Deleting the account needs the account's email typed out, so it cannot happen by a stray
 * click. The server checks the email again; afterwards the session is gone and the visitor is on /.
 */
export function DeleteAccountDialog({ email }: { email: string }) {
  const t = useTranslations("privacy.deleteAccount");
  const router = useRouter();
  const inputId = useId();
  const [typed, setTyped] = useState("");
  return (
    <ConfirmActionDialog
      icon={UserX}
      variant="destructive"
      testId="delete-account"
      action="deleteAccount"
      pendingLabel={t("deleting")}
      canConfirm={confirmsEmail(typed, email)}
      run={() => deleteAccountAction({ confirmEmail: typed })}
      onSucceeded={() => leaveEndedSession(router, t("done"))}
      onClosed={() => setTyped("")}
    >
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
    </ConfirmActionDialog>
  );
}
