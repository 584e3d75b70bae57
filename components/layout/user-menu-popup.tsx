"use client";

import Link from "next/link";
import { CreditCard } from "@/components/icons/credit-card";
import { LogOut } from "@/components/icons/log-out";
import { CirclePlus as PlusCircle } from "@/components/icons/circle-plus";
import { ShieldCheck } from "@/components/icons/shield-check";
import { useTranslations } from "next-intl";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useAddCredits } from "@/components/billing/add-credits-provider";
import { useSignOut } from "./use-sign-out";
import type { UserMenuProps } from "./user-menu";

/**
 * The signed-in user's menu in the header (spec §2): email, plan, My Plan, Add Credits (the
 * dialog for active subscribers, /subscription for others), Sign Out. Loaded on first use
 * (deferred-popup.tsx); it mounts open.
 */
export function UserMenuPopup({ email, plan, trigger, children }: UserMenuProps) {
  const t = useTranslations("userMenu");
  const tPrivacy = useTranslations("privacy");
  const { signOut, isPending } = useSignOut();
  const addCredits = useAddCredits();

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <button type="button" {...trigger}>
          {children}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-1">
          <span className="text-xs font-normal text-muted-foreground">{t("signedInAs")}</span>
          <span className="truncate text-sm font-medium" data-testid="user-menu-email" dir="ltr">
            {email}
          </span>
          <span className="text-xs font-normal text-muted-foreground" data-testid="user-menu-plan">
            {t("plan")}: {plan ? t(`plans.${plan}`) : t("noPlan")}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/subscription">
            <CreditCard aria-hidden="true" />
            {t("myPlan")}
          </Link>
        </DropdownMenuItem>
        {addCredits?.subscriptionActive ? (
          <DropdownMenuItem
            // Opened once the menu has closed, so the menu's focus return does not fight the dialog.
            onSelect={() => requestAnimationFrame(addCredits.openAddCredits)}
            data-testid="user-menu-add-credits"
          >
            <PlusCircle aria-hidden="true" />
            {t("addCredits")}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem asChild>
            <Link href="/subscription" data-testid="user-menu-add-credits">
              <PlusCircle aria-hidden="true" />
              {t("addCredits")}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link href="/privacy" data-testid="user-menu-privacy">
            <ShieldCheck aria-hidden="true" />
            {tPrivacy("menuItem")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={isPending}
          onSelect={(event) => {
            // Keep the menu's item alive until the action finishes; the page then changes anyway.
            event.preventDefault();
            signOut();
          }}
          data-testid="sign-out"
        >
          <LogOut aria-hidden="true" />
          {t("signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
