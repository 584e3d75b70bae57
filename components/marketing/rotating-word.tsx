"use client";

import { useEffect, useState } from "react";
import { cn } from "@/lib/utils";

const intervalMs = 2000;

/**
 * Cycles through `words` every two seconds (spec §9). Decorative: the heading carries a static
 * accessible sentence, so screen readers are not interrupted. The fade-in only runs when the
 * visitor has not asked for reduced motion; the text changes either way. The first word is
 * in the server's HTML and shows at once: fading it in would only delay the hero's first paint.
 */
export function RotatingWord({ words }: { words: readonly string[] }) {
  const [step, setStep] = useState(0);

  useEffect(() => {
    if (words.length < 2) return;
    const timer = window.setInterval(() => setStep((current) => current + 1), intervalMs);
    return () => window.clearInterval(timer);
  }, [words.length]);

  return (
    <span
      key={step}
      data-testid="rotating-word"
      className={cn("text-gradient-brand inline-block pb-1", step > 0 && "motion-safe:animate-word-in")}
    >
      {words[step % words.length]}
    </span>
  );
}
