"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { useAddCredits } from "@/components/billing/add-credits-provider";
import { createGenerationAction } from "@/lib/actions/create-generation";
import type { ActionFailure } from "@/lib/actions/safe-action";
import { forgetDraftResume, rememberDraftResume } from "@/lib/flows/draft-resume";
import { browserStorage, writeStoredJson } from "@/lib/flows/draft-storage";
import type { ToolId } from "@/lib/generation/tool-catalog";
import { keepDraftPhoto, releaseDraftPhoto } from "../draft/draft-photo-store";

function numberValue(failure: ActionFailure, name: string): number {
  const value = failure.values?.[name];
  return typeof value === "number" ? value : Number(value ?? 0);
}

export interface StartGenerationTarget {
  tool: ToolId;
  /** Local storage key remembering the last generation started here (only a cache). */
  lastGenerationKey: string;
  loadingPath(generationId: string): string;
}

/**
 * The Generate button of every tool: asks the server to start the job (it checks the options,
 * stores the photo and takes the credits in one go) and follows it to the loading page.
 * With too few credits nothing is sent (spec §5): active subscribers get the Add Credits
 * dialog, everyone else the plans page; the server refuses the same way if the count was stale.
 * The draft's photo stays on disk for that detour, with the way back to this step; once the
 * server accepted the job it leaves the disk (decision 22).
 */
export function useStartGeneration(target: StartGenerationTarget) {
  const t = useTranslations();
  const router = useRouter();
  const addCredits = useAddCredits();
  const [pending, startTransition] = useTransition();

  function offerCredits(required: number, available: number) {
    keepDraftPhoto(target.tool);
    rememberDraftResume(browserStorage(), { tool: target.tool, path: window.location.pathname });
    toast.error(t("flows.common.insufficientCredits.title"), {
      description: t("flows.common.insufficientCredits.description", { required, available }),
    });
    if (addCredits?.subscriptionActive) addCredits.openAddCredits();
    else router.push("/subscription");
  }

  function start({ options, image, cost, credits }: { options: Record<string, unknown>; image: string; cost: number; credits: number }) {
    if (credits < cost) {
      offerCredits(cost, credits);
      return;
    }
    startTransition(async () => {
      const result = await createGenerationAction({ tool: target.tool, options, image }).catch(() => null);
      if (result === null) {
        toast.error(t("flows.common.startFailed"), { description: t("errors.unexpected") });
      } else if (!result.ok) {
        if (result.error === "errors.insufficientCredits") {
          offerCredits(numberValue(result, "required"), numberValue(result, "available"));
        } else {
          toast.error(t("flows.common.startFailed"), { description: t(result.error, result.values) });
        }
      } else {
        writeStoredJson(browserStorage(), target.lastGenerationKey, result.data.id);
        releaseDraftPhoto(target.tool);
        forgetDraftResume(browserStorage());
        router.push(target.loadingPath(result.data.id));
        // The credits were taken: the header's balance is server-rendered by the shared layout.
        router.refresh();
      }
    });
  }

  return { start, pending };
}
