"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";

/** Spec §9: the results open 1.5 s after success, once the full bar and the toast were seen. */
const resultsDelayMs = 1500;

/**
 * What every loading page does when its job ends, once per visit: on success the toast, the
 * tool's own clean-up (`onComplete`) and the results after 1.5 s; on failure a refresh, since
 * the refund changed the header's balance.
 */
export function useLoadingOutcome({
  outcome,
  successToast,
  resultsPath,
  onComplete,
}: {
  outcome: "complete" | "failed" | null;
  successToast: string;
  resultsPath: string;
  onComplete(): void;
}) {
  const router = useRouter();
  const announced = useRef(false);
  const latest = useRef({ successToast, onComplete });
  useEffect(() => {
    latest.current = { successToast, onComplete };
  });

  useEffect(() => {
    if (outcome === null || announced.current) return;
    announced.current = true;
    if (outcome === "complete") {
      latest.current.onComplete();
      toast.success(latest.current.successToast);
    } else {
      router.refresh();
    }
  }, [outcome, router]);

  useEffect(() => {
    if (outcome !== "complete") return;
    const timer = setTimeout(() => router.replace(resultsPath), resultsDelayMs);
    return () => clearTimeout(timer);
  }, [outcome, resultsPath, router]);
}
