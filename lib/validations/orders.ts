import { z } from "zod";

/** A checkout the buyer cancelled (the purchase id the Cancel link carries). */
export const cancelledCheckoutInput = z.object({ purchaseId: z.uuid() });

/** 'Pay again' for a headshot order whose checkout closed unpaid. */
export const payOrderAgainInput = z.object({ generationId: z.uuid() });
