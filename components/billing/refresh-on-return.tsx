"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

/**
 * Checkout happens in another tab; when the user comes back to this one, its plan and balance
 * are fetched again so they match what was just paid for.
 */
export function RefreshOnReturn() {
  const router = useRouter();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") router.refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [router]);
  return null;
}
