"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { successToastAfterNavigation } from "@/components/layout/toast-after-navigation";
import { forgetAllDraftPhotos } from "@/components/flows/draft/draft-photo-store";
import { forgetAllDrafts } from "@/components/flows/draft/local-draft-store";
import { signOutAction } from "@/lib/actions/sign-out";
import { draftResumeStorageKey } from "@/lib/flows/draft-resume";
import { flowStorageKeys } from "@/lib/flows/flow-tools";
import { headshotDraftStorageKey } from "@/lib/headshot/headshot-draft";
import { headshotLastGenerationKey } from "@/lib/headshot/headshot-paths";

/** Browser-side state that belongs to the signed-in user and must not outlive the session. */
const userScopedStorageKeys = [
  "generationResults",
  "generationId",
  "selectedPackage",
  "headshotResults",
  "headshot_results",
  // Drafts and last results of every tool.
  ...flowStorageKeys,
  headshotDraftStorageKey,
  headshotLastGenerationKey,
  draftResumeStorageKey,
];

/** Resolves once the drafts' photos are gone from IndexedDB too (decision 22). */
async function clearLocalUserState(): Promise<void> {
  // Drafts are also held in memory; they must not reach the next account either.
  forgetAllDrafts();
  try {
    for (const key of userScopedStorageKeys) window.localStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode); there is then nothing to clear.
  }
  await forgetAllDraftPhotos();
}

/**
 * After the session ended (signed out, everywhere or with the account deleted): clears this
 * browser of the user and goes home, where a toast says `title`. The home page has its own root
 * layout, so this is a full page load, which drops the state of this one; the toast waits for
 * the next page (toast-after-navigation.ts).
 */
export async function leaveEndedSession(router: ReturnType<typeof useRouter>, title: string, description?: string): Promise<void> {
  await clearLocalUserState();
  successToastAfterNavigation(title, description);
  router.push("/");
}

/** Signs out, clears the user's local state and returns home (spec §2 user menu, §4 sign-out). */
export function useSignOut() {
  const t = useTranslations("auth.toasts");
  const router = useRouter();
  const [isPending, startTransition] = useTransition();

  function signOut() {
    startTransition(async () => {
      // A network failure rejects; a server-side failure resolves with ok: false.
      const result = await signOutAction({}).catch(() => null);
      if (!result?.ok) {
        toast.error(t("signOutFailed"));
        return;
      }
      await leaveEndedSession(router, t("signedOutTitle"), t("signedOutDescription"));
    });
  }

  return { signOut, isPending };
}
