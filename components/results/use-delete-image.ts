"use client";

import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { deleteImageAction } from "@/lib/actions/delete-image";

/**
 * Deleting an image on the server (spec §4 Delete) with the toasts of spec §8: 'Image deleted
 * successfully' or, whatever went wrong, 'Failed to delete image'. Resolves true when deleted.
 */
export function useDeleteImage() {
  const t = useTranslations("results.toasts");
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());

  const deleteImage = useCallback(
    async (imageId: string): Promise<boolean> => {
      setDeletingIds((ids) => new Set(ids).add(imageId));
      const result = await deleteImageAction({ imageId }).catch(() => undefined);
      setDeletingIds((ids) => {
        const next = new Set(ids);
        next.delete(imageId);
        return next;
      });
      if (result?.ok) {
        toast.success(t("deleted"));
        return true;
      }
      toast.error(t("deleteFailed"));
      return false;
    },
    [t],
  );

  return { deleteImage, deletingIds };
}
