"use client";

import type { SubscriptionPlan } from "@/db/schema";
import { DeferredPopup, lazyPopup, type PopupTriggerProps } from "./deferred-popup";

export interface UserMenuProps extends PopupTriggerProps {
  email: string;
  plan: SubscriptionPlan | null;
}

const popup = lazyPopup(() => import("./user-menu-popup").then((module) => module.UserMenuPopup));

export function UserMenu(props: UserMenuProps) {
  return <DeferredPopup popup={popup} props={props} />;
}
