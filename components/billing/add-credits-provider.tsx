"use client";

import { createContext, useContext, useMemo, useState } from "react";
import { AddCreditsDialog, type AddCreditsOffer } from "./add-credits-dialog";

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
  const value = useMemo(
    () => ({ subscriptionActive: offer.subscriptionActive, openAddCredits: () => setOpen(true) }),
    [offer.subscriptionActive],
  );
  return (
    <AddCreditsContext.Provider value={value}>
      {children}
      <AddCreditsDialog open={open} onOpenChange={setOpen} offer={offer} />
    </AddCreditsContext.Provider>
  );
}

/** The dialog's opener, or null outside the provider (signed-out pages). */
export function useAddCredits(): AddCreditsContextValue | null {
  return useContext(AddCreditsContext);
}
