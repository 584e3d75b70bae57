"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ImageOff } from "@/components/icons/image-off";
import { toast } from "@/components/ui/toast";
import { deleteAllPhotosAction } from "@/lib/actions/delete-all-photos";
import { ConfirmActionDialog } from "./confirm-action-dialog";

/** Asks once more, then deletes every photo of the user; credits stay as they are. */
export function DeletePhotosDialog() {
  const t = useTranslations("privacy.deletePhotos");
  const router = useRouter();
  return (
    <ConfirmActionDialog
      icon={ImageOff}
      variant="outline"
      testId="delete-photos"
      action="deletePhotos"
      pendingLabel={t("deleting")}
      run={() => deleteAllPhotosAction({})}
      onSucceeded={(close) => {
        close();
        toast.success(t("done"));
        router.refresh();
      }}
    />
  );
}

