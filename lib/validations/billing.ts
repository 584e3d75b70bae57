import { z } from "zod";
import { billingCycles, cashPackTypes, planIds } from "@/lib/billing/catalog";
import { checkoutReturnTargets } from "@/lib/billing/return-path";
import { generationImageInput, generationOptionsInput } from "./generation";

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
  /** Bought from the headshot wizard: come back to its step 4. */
  returnTo: z.enum(checkoutReturnTargets).optional(),
});

/**
 * A headshot cash pack (decision 7) buys one headshot order: the wizard's options and photo,
 * checked by the headshot tool's schema on the server like any generation; the pack is its package.
 */
export const cashPackCheckoutInput = z.object({
  packageType: z.enum(cashPackTypes),
  options: generationOptionsInput,
  image: generationImageInput,
});

export const checkoutStatusInput = z.object({
  sessionId: z.string().regex(/^(cs_[\w]+|test_[0-9a-f-]{36})$/),
});

export const testCheckoutInput = z.object({
  purchaseId: z.uuid(),
  returnTo: z.enum(checkoutReturnTargets).optional(),
});

/** The built-in portal of test mode: change plan or billing cycle, cancel at the term's end, resume. */
export const testPlanChangeInput = z.discriminatedUnion("action", [
  z.object({ action: z.literal("change"), planId: z.enum(planIds), billingCycle: z.enum(billingCycles) }),
  z.object({ action: z.literal("cancel") }),
  z.object({ action: z.literal("resume") }),
]);
