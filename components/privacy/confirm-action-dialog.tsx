"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import type { LucideIcon } from "@/components/icons/render-icon";
import { toast } from "@/components/ui/toast";
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
import type { ActionResult } from "@/lib/actions/safe-action";

/** The privacy actions whose messages (privacy.<name>) have the keys the dialog says. */
type ConfirmedAction = "deletePhotos" | "signOutEverywhere" | "deleteAccount";

/**
 * The privacy page's "are you sure?" dialogs, in the words of privacy.<action>: a button opens
 * it, confirming runs `run`; a refusal or a network failure says `failed` and keeps the dialog
 * open, which cannot be closed while the action runs. `children` (a confirmation field) go
 * above the buttons, and `canConfirm` holds the confirm button until they are filled in.
 */
export function ConfirmActionDialog({
  icon: Icon,
  action,
  pendingLabel,
  variant,
  testId,
  canConfirm = true,
  run,
  onSucceeded,
  onClosed,
  children,
}: {
  icon: LucideIcon;
  action: ConfirmedAction;
  /** The confirm button's label while the action runs. */
  pendingLabel: string;
  /** The tone of the opening and confirming buttons. */
  variant: "destructive" | "outline";
  /** Prefix of the test ids: `<testId>-open`, `<testId>-confirm`. */
  testId: string;
  canConfirm?: boolean;
  run(): Promise<ActionResult<unknown>>;
  /** After the action succeeded; `close` shuts the dialog (not needed when the page is left). */
  onSucceeded(close: () => void): void | Promise<void>;
  onClosed?(): void;
  children?: React.ReactNode;
}) {
  const t = useTranslations("privacy");
  const [open, setOpen] = useState(false);
  const [isPending, startTransition] = useTransition();

  function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canConfirm) return;
    startTransition(async () => {
      const result = await run().catch(() => null);
      if (!result?.ok) {
        toast.error(t(`${action}.failed`));
        return;
      }
      await onSucceeded(() => setOpen(false));
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isPending) return;
        setOpen(next);
        if (!next) onClosed?.();
      }}
    >
      <DialogTrigger asChild>
        <Button variant={variant} data-testid={`${testId}-open`}>
          <Icon aria-hidden="true" />
          {t(`${action}.button`)}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("close")}>
        <form onSubmit={confirm} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(`${action}.confirmTitle`)}</DialogTitle>
            <DialogDescription>{t(`${action}.confirmBody`)}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isPending}>
                {t("cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" variant={variant === "destructive" ? "destructive" : "default"} disabled={!canConfirm || isPending} data-testid={`${testId}-confirm`}>
              {isPending ? pendingLabel : t(`${action}.confirmButton`)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
