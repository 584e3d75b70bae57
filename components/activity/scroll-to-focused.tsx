"use client";

import { useEffect } from "react";

/** ?focus=latest: brings the highlighted in-progress card into view once the page is shown. */
export function ScrollToFocused({ elementId }: { elementId: string }) {
  useEffect(() => {
    const element = document.getElementById(elementId);
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element?.scrollIntoView({ block: "center", behavior: reduceMotion ? "auto" : "smooth" });
  }, [elementId]);
  return null;
}
