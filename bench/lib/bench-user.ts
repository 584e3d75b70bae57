import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { insertUserIfEmailFree } from "@/db/queries/users";
import { profiles } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { grantCredits } from "@/lib/credits/ledger";
import { benchEnv } from "./bench-env";
import { seedGenerations } from "./seed-generations";
import type { RunningServer } from "./server";
import { signInOverHttp } from "./sign-in";

const password = "bench password 0123456789";
/** Far more than 50 connections can spend in any run: 2 credits a generation. */
const benchCredits = 1_000_000;

/**
 * A returning user (the account a day old) with a password, more credits than a run can spend and
 * BENCH_USER_GENERATIONS finished generations whose images are in the server's storage, signed in
 * over HTTP; returns the session's Cookie header.
 */
export async function signedInBenchUser(db: Database, server: Pick<RunningServer, "baseUrl" | "dataDir">): Promise<string> {
  const email = `bench-${randomUUID()}@example.test`;
  const user = await insertUserIfEmailFree(db, {
    email,
    name: "Bench",
    emailVerified: new Date(),
    passwordHash: await hashPassword(password),
  });
  if (!user) throw new Error("could not create the bench user");
  // The first sign-in creates the profile with its welcome credits; the grant goes on top.
  const cookie = await signInOverHttp(server.baseUrl, email, password);
  await grantCredits(db, { userId: user.id, amount: benchCredits, causeKey: `bench:${user.id}`, kind: "grant" });
  await seedGenerations(db, user.id, benchEnv.BENCH_USER_GENERATIONS, server.dataDir);
  // A returning user, as most visits are: an account made seconds ago gets the one-time welcome
  // dialog (lib/account/current-account.ts), which Lighthouse would measure instead of the page.
  await db.update(profiles).set({ createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000) }).where(eq(profiles.userId, user.id));
  return cookie;
}
