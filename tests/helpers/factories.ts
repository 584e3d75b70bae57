import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { profiles, users } from "@/db/schema";

/** A user row with a unique email; tests add what else they need. */
export async function createUser(db: DbOrTx, overrides: { email?: string } = {}): Promise<{ id: string; email: string }> {
  const email = overrides.email ?? `user-${randomUUID()}@example.test`;
  const [user] = await db.insert(users).values({ email }).returning({ id: users.id, email: users.email });
  if (!user) throw new Error("user was not created");
  return user;
}

/** Sets a profile's credit fields directly, for arranging a balance before a test. */
export async function setCredits(
  db: DbOrTx,
  userId: string,
  credits: { bonusCredits?: number; monthlyCredits?: number; creditsUsed?: number },
): Promise<void> {
  await db.update(profiles).set(credits).where(eq(profiles.userId, userId));
}
