import { useMessages } from "next-intl";
import { messageFor } from "@/lib/flows/message-lookup";

const errorKeyPrefix = "generation.errors.";

/**
 * The translated reason of a failed generation from its stored key ("generation.errors.timedOut"),
 * or `fallbackKey`'s message (a key under generation.errors) when the stored one is unknown.
 * Without a fallback an unknown key gives undefined, for cards that have a headline of their own.
 */
export function useFailureReason(errorKey: string | null, fallbackKey: string): string;
export function useFailureReason(errorKey: string | null): string | undefined;
export function useFailureReason(errorKey: string | null, fallbackKey?: string): string | undefined {
  const errors = useMessages().generation.errors;
  const fallback = fallbackKey === undefined ? undefined : messageFor(errors, fallbackKey, errors.aiProductFailed);
  const key = errorKey?.startsWith(errorKeyPrefix) ? errorKey.slice(errorKeyPrefix.length) : undefined;
  return key !== undefined && Object.hasOwn(errors, key) ? messageFor(errors, key, "") : fallback;
}
