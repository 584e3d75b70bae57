import type { DbOrTx } from "@/db/client";
import { findProfile } from "@/db/queries/credits";
import type { Profile } from "@/db/schema";
import { planAllowsEditing } from "@/lib/catalog/plan-features";
import { grantsAllowance } from "@/lib/credits/subscription-allowance";

/**
 * Decision 18: editing and remixing follow the plan. A live Starter subscription does not
 * include them; Pro and Advanced do, and a user without a live plan keeps the spec's behaviour
 * (edits at their price). Pages read this to show the upgrade prompt up front; createEdit
 * refuses on the server whatever a page showed.
 */
export function livePlanOf(profile: Pick<Profile, "subscriptionPlan" | "subscriptionStatus"> | undefined) {
  return profile && grantsAllowance(profile.subscriptionStatus) ? (profile.subscriptionPlan ?? null) : null;
}

export async function canUserEdit(db: DbOrTx, userId: string): Promise<boolean> {
  return planAllowsEditing(livePlanOf(await findProfile(db, userId)));
}
