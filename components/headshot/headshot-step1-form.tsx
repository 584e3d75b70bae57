"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { FlowSection } from "@/components/flows/flow-section";
import { ImageUpload } from "@/components/upload/image-upload";
import { PhotoCheckNotice } from "@/components/upload/photo-check-notice";
import { useBlockingPhotoToast } from "@/components/upload/use-blocking-photo-toast";
import { usePhotoCheck } from "@/components/upload/use-photo-check";
import { headshotPath } from "@/lib/headshot/headshot-paths";
import { updateHeadshotDraft, useHeadshotDraft } from "./headshot-draft-store";
import { StepNavigation } from "./step-navigation";

/** Step 1 of 4: the photo (kept in the draft as its compressed data URL), checked for one usable face. */
export function HeadshotStep1Form({ guidelines }: { guidelines: React.ReactNode }) {
  const t = useTranslations("flows");
  const router = useRouter();
  const { restored, draft } = useHeadshotDraft();
  const photo = draft.photoDataUrl === null ? null : { dataUrl: draft.photoDataUrl };
  const photoCheck = usePhotoCheck("headshot_pro", draft.photoDataUrl);
  const stopForPhoto = useBlockingPhotoToast();

  function onContinue() {
    if (photo) {
      if (!stopForPhoto(photoCheck, "flow-upload")) router.push(headshotPath("step2"));
      return;
    }
    toast.error(t("common.imageRequired.title"), { description: t("common.imageRequired.description") });
    document.getElementById("flow-upload")?.scrollIntoView({ behavior: "smooth", block: "center" });
  }

  return (
    <div className="space-y-6" data-testid="headshot-step1">
      <FlowSection id="flow-upload" title={t("headshotPro.uploadHeading")}>
        <ImageUpload
          tool="headshot_pro"
          value={photo}
          onChange={(image) => updateHeadshotDraft({ photoDataUrl: image?.dataUrl ?? null })}
        />
        <PhotoCheckNotice state={photoCheck} />
        {guidelines}
      </FlowSection>
      <StepNavigation onContinue={onContinue} continueDisabled={!restored} />
    </div>
  );
}
