import { z } from "zod";
import { billingCycles, cashPackTypes, planIds } from "@/lib/billing/catalog";

/**
 * What the purchase buttons may send: ids from the catalogue and nothing else. Unknown keys
 * (an amount, a currency, a credit count for a plan...) are stripped by zod, so the server's
 * prices are the only ones ever used (decision 4).
 */

export const subscriptionCheckoutInput = z.object({
  planId: z.enum(planIds),
  billingCycle: z.enum(billingCycles),
});

export const creditCheckoutInput = z.object({
  credits: z.number().int().positive(),
});

export const cashPackCheckoutInput = z.object({
  packageType: z.enum(cashPackTypes),
  /** The waiting headshot generation this pack pays for (the headshot flow creates it first). */
  generationId: z.uuid().optional(),
});

export const checkoutStatusInput = z.object({
  sessionId: z.string().regex(/^(cs_[\w]+|test_[0-9a-f-]{36})$/),
});

export const testCheckoutInput = z.object({
  purchaseId: z.uuid(),
});
