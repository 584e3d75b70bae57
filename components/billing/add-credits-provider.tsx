"use client";

import { createContext, lazy, Suspense, useContext, useMemo, useState } from "react";
import type { AddCreditsOffer } from "./add-credits-dialog";

// Closed on first paint and opened by few visits, so its code (packs, checkout) loads on first opening.
const AddCreditsDialog = lazy(() => import("./add-credits-dialog").then((module) => ({ default: module.AddCreditsDialog })));

interface AddCreditsContextValue {
  /** True when the dialog has packs to sell (an active subscription); others go to /subscription. */
  subscriptionActive: boolean;
  openAddCredits: () => void;
}

const AddCreditsContext = createContext<AddCreditsContextValue | null>(null);

/**
 * Holds the one Add Credits dialog of the page so that the header's credits badge, the user
 * menu and later the tool flows (not enough credits) can all open it.
 */
export function AddCreditsProvider({ offer, children }: { offer: AddCreditsOffer; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing it can animate.
  const [opened, setOpened] = useState(false);
  const value = useMemo(
    () => ({
      subscriptionActive: offer.subscriptionActive,
      openAddCredits: () => {
        setOpened(true);
        setOpen(true);
      },
    }),
    [offer.subscriptionActive],
  );
  return (
    <AddCreditsContext.Provider value={value}>
      {children}
      {opened ? (
        <Suspense fallback={null}>
          <AddCreditsDialog open={open} onOpenChange={setOpen} offer={offer} />
        </Suspense>
      ) : null}
    </AddCreditsContext.Provider>
  );
}

/** The dialog's opener, or null outside the provider (signed-out pages). */
export function useAddCredits(): AddCreditsContextValue | null {
  return useContext(AddCreditsContext);
}
