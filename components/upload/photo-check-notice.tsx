"use client";

import { useTranslations } from "next-intl";
import { CircleAlert } from "@/components/icons/circle-alert";
import { CircleCheck } from "@/components/icons/circle-check";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { TriangleAlert } from "@/components/icons/triangle-alert";
import type { PhotoProblem, PhotoProblemCode } from "@/lib/generation/photo-check/judge-photo";
import { cn } from "@/lib/utils";
import type { PhotoCheckState } from "./use-photo-check";

/** The problems that either block or warn, each with its own words for the warning. */
const warningWords = ["severalFaces", "faceTooSmall", "tooBlurry", "eyesHidden", "productTooSmall"] as const satisfies readonly PhotoProblemCode[];
type WarningWords = (typeof warningWords)[number];

function hasWarningWords(code: PhotoProblemCode): code is WarningWords {
  return warningWords.some((known) => known === code);
}

/** The translation key of a problem: a warning says what would only be weaker, not that the photo won't work. */
function problemKey(problem: PhotoProblem): `problems.${PhotoProblemCode}` | `problems.${WarningWords}Warning` {
  return !problem.blocking && hasWarningWords(problem.code) ? `problems.${problem.code}Warning` : `problems.${problem.code}`;
}

/** The check still running (shared with AI Product's cut-out notice). */
export function PhotoCheckPending() {
  const t = useTranslations("flows.photoCheck");
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status" data-testid="photo-check-checking">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {t("checking")}
    </p>
  );
}

/** A photo the check found good, in `text`. */
export function PhotoCheckGood({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-400" role="status" data-testid="photo-check-good">
      <CircleCheck className="size-4" aria-hidden="true" />
      {text}
    </p>
  );
}

/**
 * What the photo check found, under the photo at upload and beside it at review: blocking
 * problems in red with what to do, warnings in amber with "you can continue anyway", or a short
 * confirmation that the photo looks good.
 */
export function PhotoCheckNotice({ state }: { state: PhotoCheckState }) {
  const t = useTranslations("flows.photoCheck");
  if (state.status === "idle" || state.status === "failed") return null;
  if (state.status === "checking") return <PhotoCheckPending />;
  if (state.problems.length === 0) return <PhotoCheckGood text={t("good")} />;
  const blocking = state.problems.some((problem) => problem.blocking);
  const Icon = blocking ? CircleAlert : TriangleAlert;
  return (
    <div
      role={blocking ? "alert" : "status"}
      className={cn(
        "flex items-start gap-3 rounded-lg border px-4 py-3 text-sm",
        blocking
          ? "border-destructive/40 bg-destructive/10 text-destructive dark:text-red-300"
          : "border-amber-500/40 bg-amber-500/10 text-amber-950 dark:text-amber-100",
      )}
      data-testid={blocking ? "photo-check-blocking" : "photo-check-warning"}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">{t(blocking ? "blockingTitle" : "warningTitle")}</p>
        <ul className="list-disc space-y-0.5 ps-4">
          {state.problems.map((problem) => (
            <li key={problem.code} data-testid={`photo-problem-${problem.code}`}>
              {t(problemKey(problem))}
            </li>
          ))}
        </ul>
        <p>{t(blocking ? "changePhoto" : "continueAnyway")}</p>
      </div>
    </div>
  );
}
