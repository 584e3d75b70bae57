import "server-only";
import type { DbOrTx } from "@/db/client";
import { listRecentImages } from "@/db/queries/activity";
import { rootToolOf } from "@/lib/generation/edit-input";
import { toResultImageView, type ResultImageView } from "@/lib/results/result-image-view";

/** The dashboard shows the first 10 of the 15 recent images it reads (spec §2, §9). */
export const dashboardRecentImages = 10;

/**
 * The user's newest images across all tools (spec §3 "Recent image item"): edits included,
 * each with the tool it ultimately came from so its edit limit and download name are right.
 */
export async function loadRecentImages(db: DbOrTx, userId: string, limit = dashboardRecentImages): Promise<ResultImageView[]> {
  const rows = await listRecentImages(db, userId);
  return rows
    .flatMap((row) => {
      const tool = rootToolOf(row);
      return tool ? [{ ...row, tool, editDepth: row.tool === "edit" ? 1 : 0 }] : [];
    })
    .slice(0, limit)
    .map((row) => toResultImageView(row));
}
