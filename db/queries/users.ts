import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users, type NewUser, type User } from "@/db/schema";

/** User rows for sign-up, sign-in and password changes. Emails are compared case-insensitively. */

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
}

export async function findUserById(db: DbOrTx, userId: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/** Inserts unless the email is taken (by any letter case); undefined when it was. */
export async function insertUserIfEmailFree(db: DbOrTx, user: NewUser): Promise<User | undefined> {
  const [inserted] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return inserted;
}

export async function updatePasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Marks the email as confirmed; an earlier confirmation date is kept. */
export async function markEmailVerified(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: at })
    .where(and(eq(users.id, userId), isNull(users.emailVerified)));
}

export async function deleteUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
