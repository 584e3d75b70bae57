"use client";

import { useEffect, useState } from "react";

const intervalMs = 2000;

/**
 * Cycles through `words` every two seconds (spec §9). Decorative: the heading carries a static
 * accessible sentence, so screen readers are not interrupted. The fade-in only runs when the
 * visitor has not asked for reduced motion; the text changes either way.
 */
export function RotatingWord({ words }: { words: readonly string[] }) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (words.length < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % words.length), intervalMs);
    return () => window.clearInterval(timer);
  }, [words.length]);

  return (
    <span
      key={index}
      data-testid="rotating-word"
      className="text-gradient-brand inline-block pb-1 motion-safe:animate-word-in"
    >
      {words[index]}
    </span>
  );
}
