"use server";

import { billingContext } from "@/lib/billing/context";
import { updateTestPlan } from "@/lib/billing/test-portal";
import { testPlanChangeInput } from "@/lib/validations/billing";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";

/** The built-in portal of test mode: changes the caller's own test-checkout plan. */
export const updateTestPlanAction = userAction(testPlanChangeInput, async (change, user) => {
  await runBilling(() => updateTestPlan(billingContext(), user.id, change));
  return { action: change.action };
});
