"use client";

import Image from "next/image";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Clock } from "@/components/icons/clock";
import { PhotoCheckNotice } from "@/components/upload/photo-check-notice";
import { useBlockingPhotoToast } from "@/components/upload/use-blocking-photo-toast";
import { usePhotoCheck } from "@/components/upload/use-photo-check";
import { headshotStyles } from "@/lib/generation/catalog";
import { headshotPath } from "@/lib/headshot/headshot-paths";
import { StepPlaceholder } from "./step-placeholder";
import { StepNavigation } from "./step-navigation";
import { useHeadshotStep } from "./use-headshot-step";
import { useHeadshotStyleName } from "./use-headshot-style-name";

function ReviewRow({ label, href, children, testId }: { label: string; href: string; children: React.ReactNode; testId: string }) {
  const t = useTranslations("flows.headshotPro.review");
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-1 flex-col items-end gap-1 text-end font-medium" data-testid={testId}>
        {children}
        <Link href={href} className="text-xs font-medium text-primary underline-offset-4 hover:underline">
          {t("change")}
        </Link>
      </dd>
    </div>
  );
}

/**
 * Step 4 of 4: the summary of spec §2 with the photo check's findings, and 'Generate My
 * Headshots', which opens the package choice unless the photo cannot work.
 */
export function HeadshotReview() {
  const t = useTranslations();
  const router = useRouter();
  const styleName = useHeadshotStyleName();
  const { draft, ready } = useHeadshotStep("step4");
  const photoCheck = usePhotoCheck("headshot_pro", draft.photoDataUrl);
  const stopForPhoto = useBlockingPhotoToast();
  if (!ready || draft.photoDataUrl === null || draft.gender === null || draft.ageRange === null) return <StepPlaceholder />;

  return (
    <div id="headshot-review" className="space-y-6" data-testid="headshot-review">
      <div className="grid gap-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <figure className="space-y-2">
          <div className="relative aspect-square overflow-hidden rounded-xl border bg-muted/40">
            <Image
              src={draft.photoDataUrl}
              alt={t("flows.headshotPro.review.photoAlt")}
              fill
              unoptimized
              sizes="(min-width: 768px) 20rem, 100vw"
              className="object-contain"
            />
          </div>
          <figcaption className="flex items-center justify-between text-sm text-muted-foreground">
            {t("flows.headshotPro.review.photo")}
            <Link href={headshotPath("step1")} className="font-medium text-primary underline-offset-4 hover:underline">
              {t("flows.headshotPro.review.change")}
            </Link>
          </figcaption>
          <PhotoCheckNotice state={photoCheck} />
        </figure>
        <div className="space-y-4">
          <dl className="divide-y">
            <ReviewRow label={t("flows.headshotPro.review.styles")} href={headshotPath("step3")} testId="review-styles">
              <ul className="flex flex-wrap justify-end gap-1.5">
                {draft.styleIds.map((id) => {
                  const style = headshotStyles[id - 1];
                  return style ? (
                    <li key={id} className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs text-primary">
                      {styleName(style)}
                    </li>
                  ) : null;
                })}
              </ul>
            </ReviewRow>
            <ReviewRow label={t("flows.headshotPro.review.gender")} href={headshotPath("step2")} testId="review-gender">
              {t(`catalog.genders.${draft.gender}`)}
            </ReviewRow>
            <ReviewRow label={t("flows.headshotPro.review.ageRange")} href={headshotPath("step2")} testId="review-age">
              {t(`catalog.ageRanges.${draft.ageRange}`)}
            </ReviewRow>
          </dl>
          <div className="flex items-start gap-2 rounded-xl bg-muted/50 p-3 text-sm">
            <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <p>
              <span className="font-medium">{t("flows.headshotPro.review.processingTitle")}: </span>
              <span className="text-muted-foreground">{t("flows.headshotPro.review.processing")}</span>
            </p>
          </div>
        </div>
      </div>
      <StepNavigation
        backHref={headshotPath("step3")}
        onContinue={() => {
          if (!stopForPhoto(photoCheck, "headshot-review")) router.push(headshotPath("payment"));
        }}
        continueLabel={t("flows.headshotPro.generate")}
      />
    </div>
  );
}
