"use server";

import { getDb } from "@/db";
import { signOut } from "@/lib/auth/auth";
import { billingContext } from "@/lib/billing/context";
import { sendPendingOrderRefunds } from "@/lib/orders/order-refunds";
import { deleteAccount } from "@/lib/privacy/delete-account";
import { stripeCheckoutExpirer, stripeSubscriptionCanceller } from "@/lib/privacy/stripe-cancellation";
import { getStorage } from "@/lib/storage";
import { confirmsEmail } from "@/lib/validations/confirms-email";
import { deleteAccountInput } from "@/lib/validations/privacy";
import { ActionError, userAction } from "./safe-action";

/**
 * Privacy page: deletes the signed-in user's account once they typed its email, cancelling a
 * live Stripe subscription first, then clears the session cookie. The browser goes to / after.
 */
export const deleteAccountAction = userAction(deleteAccountInput, async ({ confirmEmail }, user) => {
  if (!confirmsEmail(confirmEmail, user.email)) throw new ActionError("errors.invalidInput");
  await deleteAccount(
    {
      db: getDb(),
      storage: getStorage(),
      cancelSubscription: stripeSubscriptionCanceller(),
      expireCheckouts: stripeCheckoutExpirer(),
      sendRefunds: () => sendPendingOrderRefunds(billingContext()),
    },
    user.id,
  );
  await signOut({ redirect: false });
  return { deleted: true };
});
