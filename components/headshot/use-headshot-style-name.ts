"use client";

import { useMessages } from "next-intl";
import type { HeadshotStyle } from "@/lib/generation/catalog";
import { messageFor } from "@/lib/flows/message-lookup";

/** A style's translated name (`catalog.headshotStyles.{key}`), or its English name. */
export function useHeadshotStyleName() {
  const names = useMessages().catalog.headshotStyles;
  return (style: HeadshotStyle) => messageFor(names, style.key, style.name);
}
