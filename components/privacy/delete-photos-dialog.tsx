"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { ImageOff } from "@/components/icons/image-off";
import { useTranslations } from "next-intl";
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
import { deleteAllPhotosAction } from "@/lib/actions/delete-all-photos";

/** Asks once more, then deletes every photo of the user; credits stay as they are. */
export function DeletePhotosDialog() {
  const t = useTranslations("privacy.deletePhotos");
  const tCommon = useTranslations("privacy");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [isPending, startTransition] = useTransition();

  function confirm() {
    startTransition(async () => {
      const result = await deleteAllPhotosAction({}).catch(() => null);
      if (!result?.ok) {
        toast.error(t("failed"));
        return;
      }
      setOpen(false);
      toast.success(t("done"));
      router.refresh();
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" data-testid="delete-photos-open">
          <ImageOff aria-hidden="true" />
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
          <Button variant="destructive" onClick={confirm} disabled={isPending} data-testid="delete-photos-confirm">
            {isPending ? t("deleting") : t("confirmButton")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
