import type { StripeEventRecord, StripeWorld } from "./stripe-world";

/**
 * Delivers the Stripe stand-in's events the way Stripe may: late, twice and out of order.
 * Which events go now, which wait and which come twice is drawn from a seeded random source,
 * so a failing run can be replayed from its seed.
 */

export type DeliverEvent = (event: StripeEventRecord) => Promise<{ status: number }>;

export interface DeliveryChances {
  random: () => number;
  /** Chance that a waiting event stays waiting for a later delivery. */
  late?: number;
  /** Chance that a delivered event is delivered a second time. */
  twice?: number;
  /** Deliveries sent at once (racing each other, as Stripe's retries do); 1 by default. */
  parallel?: number;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Sends a shuffled share of the waiting events (some twice), leaving the late ones waiting; the statuses come back. */
export async function deliverSome(world: StripeWorld, deliver: DeliverEvent, chances: DeliveryChances): Promise<number[]> {
  const { random, late = 0.3, twice = 0.2, parallel = 1 } = chances;
  const now: StripeEventRecord[] = [];
  const waiting: StripeEventRecord[] = [];
  for (const event of world.outbox) (random() < late ? waiting : now).push(event);
  world.outbox.splice(0, world.outbox.length, ...waiting);
  const batch = now.flatMap((event) => (random() < twice ? [event, event] : [event]));
  const shuffled = shuffle(batch, random);
  const statuses: number[] = [];
  for (let i = 0; i < shuffled.length; i += parallel) {
    const results = await Promise.all(shuffled.slice(i, i + parallel).map((event) => deliver(event)));
    statuses.push(...results.map((result) => result.status));
  }
  return statuses;
}

/** Sends every waiting event: in order without `chances`, else shuffled with some twice. */
export async function deliverAll(world: StripeWorld, deliver: DeliverEvent, chances?: DeliveryChances): Promise<number[]> {
  if (chances) return deliverSome(world, deliver, { ...chances, late: 0 });
  const statuses: number[] = [];
  for (const event of world.outbox.splice(0)) statuses.push((await deliver(event)).status);
  return statuses;
}
