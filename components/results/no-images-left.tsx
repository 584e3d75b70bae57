import { useTranslations } from "next-intl";
import { ImageOff } from "@/components/icons/image-off";
import { Trash as Trash2 } from "@/components/icons/trash";

/**
 * A finished generation with nothing to show on a tool's results page: usually because the
 * user deleted every image (issue 19: one clear state, the same as its gallery page says).
 */
export function NoImagesLeft({ allDeleted }: { allDeleted: boolean }) {
  const t = useTranslations();
  const Icon = allDeleted ? Trash2 : ImageOff;
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center"
      data-testid="results-empty"
      data-state={allDeleted ? "all-deleted" : "empty"}
    >
      <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{allDeleted ? t("results.allDeleted.title") : t("gallery.empty.title")}</p>
      <p className="text-sm text-muted-foreground">{allDeleted ? t("results.allDeleted.description") : t("gallery.empty.description")}</p>
    </div>
  );
}
