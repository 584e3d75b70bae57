import "server-only";
import type { DbOrTx } from "@/db/client";
import { readAvailableCredits } from "@/db/queries/credits";
import { InsufficientCreditsError } from "@/lib/credits/errors";

/**
 * Refuses a generation or edit the balance cannot cover before anything is stored (decision 3).
 * Only a shortcut: insertJobWithItsSpend checks again under the profile's row lock.
 */
export async function assertCanAfford(db: DbOrTx, userId: string, cost: number): Promise<void> {
  const available = await readAvailableCredits(db, userId);
  if (available < cost) throw new InsufficientCreditsError(cost, available);
}
