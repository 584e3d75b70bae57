"use client";

import { useRef, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Coins } from "@/components/icons/coins";
import { CreditCard } from "@/components/icons/credit-card";
import { LogOut } from "@/components/icons/log-out";
import { CirclePlus as PlusCircle } from "@/components/icons/circle-plus";
import { ShieldCheck } from "@/components/icons/shield-check";
import { useLocale, useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useAddCredits } from "@/components/billing/add-credits-provider";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { directionOf, locales } from "@/lib/i18n/config";
import { cn } from "@/lib/utils";
import type { MobileMenuProps } from "./mobile-menu";
import { themeOptions } from "./theme-options";
import { useChangeLocale } from "./use-change-locale";
import { useSignOut } from "./use-sign-out";
import { UserAvatar } from "./user-avatar";

const choiceClass =
  "flex items-center rounded-md border px-3 text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:border-primary aria-pressed:bg-primary/10 aria-pressed:font-medium";

/**
 * The mobile menu's sheet, loaded on first use (deferred-popup.tsx): it mounts open and closes
 * when the route changes.
 */
export function MobileMenuPopup({ links, account, trigger, children }: MobileMenuProps) {
  const t = useTranslations();
  const { signOut, isPending: isSigningOut } = useSignOut();
  const addCredits = useAddCredits();
  const locale = useLocale();
  const pathname = usePathname();
  const { theme, setTheme } = useTheme();
  const { changeLocale, isPending } = useChangeLocale();
  // Remembering the path the menu was opened on closes it after any navigation.
  const [openedOn, setOpenedOn] = useState<string | null>(pathname);
  const open = openedOn === pathname;
  // After following a link, focus must not jump back to the trigger: focusing the sticky header
  // would undo the scroll to an anchor such as /#examples.
  const followedLink = useRef(false);

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (next) followedLink.current = false;
        setOpenedOn(next ? pathname : null);
      }}
    >
      <SheetTrigger asChild>
        <button type="button" {...trigger}>
          {children}
        </button>
      </SheetTrigger>
      <SheetContent
        side="end"
        closeLabel={t("header.closeMenu")}
        className="overflow-y-auto"
        data-testid="mobile-menu"
        onClickCapture={(event) => {
          if (event.target instanceof Element && event.target.closest("a[href]")) followedLink.current = true;
        }}
        onCloseAutoFocus={(event) => {
          if (followedLink.current) event.preventDefault();
        }}
      >
        <SheetHeader className="border-b">
          <SheetTitle>{t("header.menuTitle")}</SheetTitle>
          <SheetDescription className="sr-only">{t("header.menuDescription")}</SheetDescription>
        </SheetHeader>
        <nav aria-label={t("header.navLabel")} className="flex flex-col gap-1 px-4">
          <SheetClose asChild>
            <Link href={links.tools} className="rounded-md px-3 py-2 text-base font-medium hover:bg-accent">
              {t("header.tools")}
            </Link>
          </SheetClose>
          <SheetClose asChild>
            <Link href={links.examples} className="rounded-md px-3 py-2 text-base font-medium hover:bg-accent">
              {t("header.examples")}
            </Link>
          </SheetClose>
        </nav>
        {account ? (
          <section aria-label={t("userMenu.label")} className="flex flex-col gap-1 px-4" data-testid="mobile-account">
            <div className="mb-2 flex items-center gap-3 rounded-lg border bg-muted/40 p-3">
              <UserAvatar email={account.email} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" dir="ltr">
                  {account.email}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t("userMenu.plan")}: {account.plan ? t(`userMenu.plans.${account.plan}`) : t("userMenu.noPlan")}
                </p>
              </div>
              <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary tabular-nums">
                <Coins className="size-4" aria-hidden="true" />
                <span className="sr-only">{t("userMenu.credits", { count: account.credits })}</span>
                <span aria-hidden="true">{account.credits}</span>
              </span>
            </div>
            <SheetClose asChild>
              <Link href="/subscription" className="flex items-center gap-2 rounded-md px-3 py-2 text-base font-medium hover:bg-accent">
                <CreditCard className="size-4 text-muted-foreground" aria-hidden="true" />
                {t("userMenu.myPlan")}
              </Link>
            </SheetClose>
            {addCredits?.subscriptionActive ? (
              <button
                type="button"
                onClick={() => {
                  setOpenedOn(null);
                  addCredits.openAddCredits();
                }}
                className="flex items-center gap-2 rounded-md px-3 py-2 text-start text-base font-medium hover:bg-accent"
                data-testid="mobile-add-credits"
              >
                <PlusCircle className="size-4 text-muted-foreground" aria-hidden="true" />
                {t("userMenu.addCredits")}
              </button>
            ) : (
              <SheetClose asChild>
                <Link href="/subscription" className="flex items-center gap-2 rounded-md px-3 py-2 text-base font-medium hover:bg-accent" data-testid="mobile-add-credits">
                  <PlusCircle className="size-4 text-muted-foreground" aria-hidden="true" />
                  {t("userMenu.addCredits")}
                </Link>
              </SheetClose>
            )}
            <SheetClose asChild>
              <Link href="/privacy" className="flex items-center gap-2 rounded-md px-3 py-2 text-base font-medium hover:bg-accent" data-testid="mobile-privacy">
                <ShieldCheck className="size-4 text-muted-foreground" aria-hidden="true" />
                {t("privacy.menuItem")}
              </Link>
            </SheetClose>
            <button
              type="button"
              onClick={signOut}
              disabled={isSigningOut}
              className="flex items-center gap-2 rounded-md px-3 py-2 text-start text-base font-medium hover:bg-accent disabled:opacity-60"
              data-testid="mobile-sign-out"
            >
              <LogOut className="size-4 text-muted-foreground rtl:rotate-180" aria-hidden="true" />
              {t("userMenu.signOut")}
            </button>
          </section>
        ) : (
          <div className="flex flex-col gap-2 px-4">
            <SheetClose asChild>
              <Button asChild variant="outline">
                <Link href={links.signIn}>{t("header.signIn")}</Link>
              </Button>
            </SheetClose>
            <SheetClose asChild>
              <Button asChild variant="brand">
                <Link href={links.signUp}>{t("header.signUp")}</Link>
              </Button>
            </SheetClose>
          </div>
        )}
        <Separator />
        <section aria-labelledby="mobile-language-heading" className="px-4">
          <h2 id="mobile-language-heading" className="mb-2 text-sm font-medium text-muted-foreground">
            {t("language.label")}
          </h2>
          <div className="grid grid-cols-2 gap-2">
            {locales.map((code) => (
              <button
                key={code}
                type="button"
                aria-pressed={code === locale}
                disabled={isPending}
                onClick={() => changeLocale(code)}
                className={cn(choiceClass, "gap-2 py-2 disabled:opacity-60")}
                data-testid={`mobile-language-${code}`}
              >
                <span lang={code} dir={directionOf(code)}>
                  {t(`language.names.${code}`)}
                </span>
              </button>
            ))}
          </div>
        </section>
        <section aria-labelledby="mobile-theme-heading" className="px-4 pb-6">
          <h2 id="mobile-theme-heading" className="mb-2 text-sm font-medium text-muted-foreground">
            {t("theme.label")}
          </h2>
          <div className="grid grid-cols-3 gap-2">
            {themeOptions.map(({ value, icon: Icon }) => (
              <button
                key={value}
                type="button"
                aria-pressed={(theme ?? "system") === value}
                onClick={() => setTheme(value)}
                className={cn(choiceClass, "flex-col justify-center gap-1 py-2.5 text-center")}
                data-testid={`mobile-theme-${value}`}
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(`theme.${value}`)}
              </button>
            ))}
          </div>
        </section>
      </SheetContent>
    </Sheet>
  );
}
