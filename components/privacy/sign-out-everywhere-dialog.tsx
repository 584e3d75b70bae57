"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { LogOut } from "@/components/icons/log-out";
import { leaveEndedSession } from "@/components/layout/use-sign-out";
import { signOutEverywhereAction } from "@/lib/actions/sign-out-everywhere";
import { ConfirmActionDialog } from "./confirm-action-dialog";

/** Asks once more, then ends every session of the account, this one included, and goes home. */
export function SignOutEverywhereDialog() {
  const t = useTranslations("privacy.signOutEverywhere");
  const router = useRouter();
  return (
    <ConfirmActionDialog
      icon={LogOut}
      variant="outline"
      testId="sign-out-everywhere"
      action="signOutEverywhere"
      pendingLabel={t("signingOut")}
      run={() => signOutEverywhereAction({})}
      onSucceeded={() => leaveEndedSession(router, t("doneTitle"), t("doneDescription"))}
    />
  );
}
