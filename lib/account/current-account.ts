import "server-only";
import { cache } from "react";
import { getDb } from "@/db";
import { findProfileWithFingerprint } from "@/db/queries/account-fingerprint";
import type { SubscriptionPlan } from "@/db/schema";
import { getSessionUser } from "@/lib/auth/session";
import { availableCredits } from "@/lib/credits/balance";
import { grantsAllowance } from "@/lib/credits/subscription-allowance";

/** What the header and the welcome dialog show about the signed-in user. */
export interface CurrentAccount {
  email: string;
  credits: number;
  /** The plan of an active subscription; null shows "No Plan". */
  plan: SubscriptionPlan | null;
  subscriptionActive: boolean;
  /** The welcome credits arrived moments ago (spec §4: the 10-second new-user window). */
  isNewAccount: boolean;
  /** db/queries/account-fingerprint.ts's value, read with the profile. */
  fingerprint: string;
}

const newAccountWindowMs = 10_000;

async function readCurrentAccount(): Promise<CurrentAccount | null> {
  const user = await getSessionUser();
  if (!user) return null;
  // One read of the profile row: the balance is computed from it, not read again, and the
  // fingerprint the page's open tab polls against comes with it.
  const { profile, fingerprint } = await findProfileWithFingerprint(getDb(), user.id);
  // Trialing counts as active, as it does for top-ups on the server (lib/billing/checkout.ts).
  const subscriptionActive = profile !== undefined && grantsAllowance(profile.subscriptionStatus);
  return {
    email: user.email,
    credits: profile ? availableCredits(profile) : 0,
    plan: subscriptionActive ? (profile?.subscriptionPlan ?? null) : null,
    subscriptionActive,
    // The profile is created by the first sign-in, so its age is the age of the account in use.
    isNewAccount: profile !== undefined && Date.now() - profile.createdAt.getTime() < newAccountWindowMs,
    fingerprint,
  };
}

/** One read per request, shared by the layout, the header and pages. */
export const getCurrentAccount = cache(readCurrentAccount);
