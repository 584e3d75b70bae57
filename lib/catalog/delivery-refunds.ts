/**
 * What a job owes back when it delivers fewer images than were paid for (decision 19, DESIGN
 * rule 13): credits per missing image, and for a cash pack its price pro rata.
 */

/** Every image costs about two credits; cards show credits / 2 images, and each missing one gives 2 back. */
export const creditsPerImage = 2;

/** Credits back for `ordered - delivered` missing images, never more than the job cost. */
export function creditsOwedForMissing(params: { creditsCost: number; ordered: number; delivered: number }): number {
  const missing = Math.max(0, params.ordered - Math.max(0, params.delivered));
  return Math.min(params.creditsCost, missing * creditsPerImage);
}

/**
 * The share of a price that pays for the missing images, in minor units. Rounded to the
 * nearest cent (half up); nothing delivered returns the whole price, all delivered nothing.
 */
export function moneyOwedForMissing(params: { amountMinor: number; ordered: number; delivered: number }): number {
  const { amountMinor, ordered } = params;
  const delivered = Math.min(Math.max(0, params.delivered), ordered);
  if (ordered <= 0 || delivered === ordered) return 0;
  if (delivered === 0) return amountMinor;
  return Math.min(amountMinor, Math.round((amountMinor * (ordered - delivered)) / ordered));
}
