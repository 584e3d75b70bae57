import "server-only";
import type { DbOrTx } from "@/db/client";
import { findLikenessSummary, type LikenessSummary } from "@/db/queries/likeness-checks";

export type { LikenessSummary };

/** What the likeness guard did for the user's generation: images made again, and of those not delivered. */
export function loadLikenessSummary(db: DbOrTx, userId: string, generationId: string): Promise<LikenessSummary> {
  return findLikenessSummary(db, userId, generationId);
}
