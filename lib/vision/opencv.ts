import { createRequire } from "node:module";
import path from "node:path";
import { modelFiles } from "./model-files";

/**
 * OpenCV's WebAssembly build (@techstark/opencv-js, Apache-2.0), for the classic vision the
 * models do not cover (GrabCut's graph cut, contours). Loaded once per process, by path, so no
 * bundler touches its 11 MB; the first load compiles the WebAssembly (about 2 s on one core).
 */

export type OpenCv = typeof import("@techstark/opencv-js");

/**
 * The module is an Emscripten one, which is "thenable": resolving a promise with it would call
 * its then() forever. It is handed out wrapped for that reason.
 */
export interface LoadedOpenCv {
  cv: OpenCv;
}

function loadOpenCv(): Promise<LoadedOpenCv> {
  const exported = createRequire(path.join(process.cwd(), "package.json"))(modelFiles.openCv());
  const cv: OpenCv = exported;
  const runtime: { calledRun?: boolean; onRuntimeInitialized?: () => void } = exported;
  return new Promise((resolve) => {
    if (runtime.calledRun) resolve({ cv });
    else runtime.onRuntimeInitialized = () => resolve({ cv });
  });
}

let openCv: Promise<LoadedOpenCv> | undefined;

/** OpenCV, loading it on first use; a failed load is retried on the next call. */
export function getOpenCv(): Promise<LoadedOpenCv> {
  if (!openCv) {
    openCv = loadOpenCv().catch((error: unknown) => {
      openCv = undefined;
      throw error;
    });
  }
  return openCv;
}
