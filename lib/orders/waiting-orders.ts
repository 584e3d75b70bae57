import "server-only";
import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { lockProfile } from "@/db/queries/credits";
import { lockWaitingOrdersOfUser } from "@/db/queries/orders";
import type { BillingContext } from "@/lib/billing/context";
import type { ObjectStorage } from "@/lib/storage/types";
import { expireCheckouts } from "./expire-checkouts";
import { deleteWaitingOrders } from "./order-housekeeping";

/**
 * Photos are not stored for nothing (issue 17 item 9): at most this many cash-pack orders of one
 * user wait for their payment. A newer order takes the place of the oldest one beyond it.
 */
export const maxWaitingOrdersPerUser = 3;

export interface WaitingOrder {
  id: string;
  originalImageKey: string | null;
}

async function storedPhotoDigest(storage: ObjectStorage, key: string | null): Promise<string | undefined> {
  if (!key) return undefined;
  const object = await storage.get(key);
  if (!object) return undefined;
  const hash = createHash("sha256");
  for await (const chunk of object.body) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** The waiting order that `created` repeats: the same pack and options, the same stored photo. */
async function findRepeatedOrder(
  storage: ObjectStorage,
  created: WaitingOrder & { input: unknown },
  others: readonly (WaitingOrder & { input: unknown })[],
): Promise<WaitingOrder | undefined> {
  const sameOptions = others.filter((order) => isDeepStrictEqual(order.input, created.input));
  if (sameOptions.length === 0) return undefined;
  // Stored photos are normalised (re-encoded) the same way, so one upload stored twice is equal.
  const photo = await storedPhotoDigest(storage, created.originalImageKey);
  for (const order of sameOptions) {
    if (photo !== undefined && (await storedPhotoDigest(storage, order.originalImageKey)) === photo) return order;
  }
  return undefined;
}

/**
 * Called once a new order is stored: a repeat of an order still waiting (paying again from the
 * same draft) gives way to that order and is deleted; otherwise the user's oldest waiting
 * orders beyond the limit are deleted with their photos and their checkouts expired. Answers
 * the order to pay for. The profile lock makes two new orders of one user count in turn.
 */
export async function settleWaitingOrders(
  ctx: BillingContext,
  storage: ObjectStorage,
  userId: string,
  created: WaitingOrder,
): Promise<WaitingOrder> {
  const { payFor, closed } = await ctx.db.transaction(async (tx) => {
    await lockProfile(tx, userId);
    const waiting = await lockWaitingOrdersOfUser(tx, userId);
    const createdRow = waiting.find((order) => order.id === created.id);
    if (!createdRow) throw new Error(`order ${created.id} no longer waits for its payment`);
    const others = waiting.filter((order) => order.id !== created.id);
    const repeated = await findRepeatedOrder(storage, createdRow, others);
    if (repeated) return { payFor: repeated, ...(await deleteWaitingOrders(tx, storage, [createdRow])) };
    return { payFor: createdRow, ...(await deleteWaitingOrders(tx, storage, others.slice(maxWaitingOrdersPerUser - 1))) };
  });
  await expireCheckouts(ctx, closed);
  return { id: payFor.id, originalImageKey: payFor.originalImageKey };
}
