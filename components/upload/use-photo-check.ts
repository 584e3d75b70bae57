"use client";

import { useEffect, useState } from "react";
import { checkPhotoAction } from "@/lib/actions/check-photo";
import type { CheckedTool, PhotoProblem } from "@/lib/generation/photo-check/judge-photo";

/**
 * The photo check of a draft's photo, asked of the server once per photo and tool and shared by
 * the upload and review steps (the answer is kept for the tab's lifetime). A check that fails
 * to answer shows nothing: the server checks again when the generation is requested.
 */

export type PhotoCheckState = { status: "idle" } | { status: "checking" } | { status: "failed" } | { status: "done"; problems: PhotoProblem[] };

const answers = new Map<string, Promise<PhotoProblem[] | null>>();
const maxRemembered = 6;

function askServer(tool: CheckedTool, image: string): Promise<PhotoProblem[] | null> {
  const key = `${tool}:${image}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = checkPhotoAction({ tool, image })
      .then((result) => (result.ok ? result.data.problems : null))
      .catch(() => null);
    answers.set(key, answer);
    // Data URLs are large: only the last few photos are remembered.
    for (const old of answers.keys()) if (answers.size > maxRemembered) answers.delete(old);
  }
  return answer;
}

/** The check of `image` for `tool`; a tool without a photo check (null) is always idle. */
export function usePhotoCheck(tool: CheckedTool | null, image: string | null): PhotoCheckState {
  const [state, setState] = useState<{ image: string; check: PhotoCheckState } | null>(null);
  useEffect(() => {
    if (image === null || tool === null) return;
    let current = true;
    void askServer(tool, image).then((problems) => {
      if (current) setState({ image, check: problems === null ? { status: "failed" } : { status: "done", problems } });
    });
    return () => {
      current = false;
    };
  }, [tool, image]);
  if (image === null || tool === null) return { status: "idle" };
  return state?.image === image ? state.check : { status: "checking" };
}

/** The first problem that stops the tool from working with this photo, if any. */
export function blockingProblem(state: PhotoCheckState): PhotoProblem | undefined {
  return state.status === "done" ? state.problems.find((problem) => problem.blocking) : undefined;
}
