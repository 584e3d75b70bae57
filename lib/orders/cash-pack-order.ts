import "server-only";
import type { DbOrTx } from "@/db/client";
import { findOwnedGenerationRow } from "@/db/queries/generations";
import { deleteWaitingGenerations } from "@/db/queries/orders";
import { startCheckout, type CheckoutUser } from "@/lib/billing/checkout";
import type { BillingContext } from "@/lib/billing/context";
import { BillingError } from "@/lib/billing/errors";
import { isCashPackType, type CashPackType } from "@/lib/catalog/headshot-packages";
import { createHeadshotAwaitingPayment, type GenerationDeps } from "@/lib/generation/create-generation";
import type { Locale } from "@/lib/i18n/config";
import { getStorage, type ObjectStorage } from "@/lib/storage";
import { settleWaitingOrders } from "./waiting-orders";

/**
 * A headshot cash pack as one order (decision 7): the generation it buys is stored first,
 * waiting for its payment, then its checkout opens; the verified payment releases it
 * (lib/billing/cash-pack.ts), and what it cannot deliver is refunded (order-refunds.ts). This
 * module sits above billing and generation, which do not import each other.
 */

export interface CashPackOrder {
  url: string;
  generationId: string;
}

/**
 * Stores the order and opens its checkout; a checkout that cannot open leaves nothing new
 * behind. A repeat of an order still waiting pays for that one (waiting-orders.ts).
 */
export async function startCashPackOrder(
  ctx: BillingContext,
  user: CheckoutUser,
  params: { packageType: CashPackType; options: Record<string, unknown>; photo: Uint8Array | null; locale: Locale },
  deps: GenerationDeps = {},
): Promise<CashPackOrder> {
  const storage = deps.storage ?? getStorage();
  const created = await createHeadshotAwaitingPayment(
    ctx.db,
    { userId: user.id, input: { ...params.options, packageId: params.packageType }, originalImage: params.photo },
    { ...deps, storage },
  );
  let order = created;
  try {
    order = await settleWaitingOrders(ctx, storage, user.id, created);
    const { url } = await startCheckout(ctx, user, { kind: "cash_pack", packageType: params.packageType }, { locale: params.locale, generationId: order.id });
    return { url, generationId: order.id };
  } catch (error) {
    if (order.id === created.id) await deleteWaitingGeneration(ctx.db, storage, created);
    throw error;
  }
}

/**
 * Opens a new checkout for an order whose earlier checkout was cancelled or expired ('Pay
 * again' on the waiting page): the same generation, photo and pack.
 */
export async function payCashPackOrderAgain(
  ctx: BillingContext,
  user: CheckoutUser,
  generationId: string,
  locale: Locale,
): Promise<CashPackOrder> {
  const generation = await findOwnedGenerationRow(ctx.db, user.id, generationId);
  const packageType = generation?.input.packageId;
  if (!generation || generation.tool !== "headshot_pro" || !isCashPackType(packageType)) throw new BillingError("purchaseNotFound");
  // startCheckout refuses an order that no longer waits for its payment (paid, or cleaned up).
  const { url } = await startCheckout(ctx, user, { kind: "cash_pack", packageType }, { locale, generationId });
  return { url, generationId };
}

async function deleteWaitingGeneration(db: DbOrTx, storage: ObjectStorage, order: { id: string; originalImageKey: string | null }) {
  try {
    await deleteWaitingGenerations(db, [order.id]);
    if (order.originalImageKey) await storage.delete(order.originalImageKey);
  } catch (error) {
    // The 24-hour clean-up of unpaid orders takes it then.
    console.error(`[orders] could not delete the unpaid order ${order.id}`, error);
  }
}
