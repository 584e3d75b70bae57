"use client";

import type { SubscriptionPlan } from "@/db/schema";
import { DeferredPopup, lazyPopup, type PopupTriggerProps } from "./deferred-popup";
import type { HeaderLinks } from "./nav-links";

export interface MobileMenuAccount {
  email: string;
  plan: SubscriptionPlan | null;
  credits: number;
}

export interface MobileMenuProps extends PopupTriggerProps {
  links: HeaderLinks;
  account: MobileMenuAccount | null;
}

const popup = lazyPopup(() => import("./mobile-menu-popup").then((module) => module.MobileMenuPopup));

/** The header's items for small screens, in a sheet whose code loads on first use. */
export function MobileMenu(props: MobileMenuProps) {
  return <DeferredPopup popup={popup} props={props} />;
}
