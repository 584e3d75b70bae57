import "server-only";
import type { DbOrTx } from "@/db/client";
import type { Purchase } from "@/db/schema";
import { releaseGeneration } from "@/lib/generation/create-generation";

/**
 * The seam between payments and the headshot pipeline (decision 7: paying for a cash pack
 * starts that headshot generation once the payment is confirmed). Called once per paid cash
 * pack, inside the transaction that marks the purchase paid.
 *
 * The headshot flow creates its generation before checkout (createHeadshotAwaitingPayment:
 * pending, run_after null) and passes its id to startCheckout; here it is released to the job
 * queue through the generation side's own seam, releaseGeneration. A paid cash pack
 * without a generation (bought before the headshot flow existed) stays recorded as a paid
 * purchase with generation_id null, which is what that flow must look for and start.
 */
export async function onCashPackPaid(tx: DbOrTx, purchase: Purchase): Promise<{ generationReleased: boolean }> {
  if (!purchase.generationId) {
    console.warn(`[billing] cash pack ${purchase.id} is paid but has no headshot generation to start yet`);
    return { generationReleased: false };
  }
  const generationReleased = await releaseGeneration(tx, purchase.generationId, purchase.userId);
  return { generationReleased };
}
