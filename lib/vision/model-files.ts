import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Where the on-device models and the WebAssembly runtime live on disk. Everything is read from
 * the app's own folder (the working directory of `next start`, the worker, scripts and tests):
 * Human's models and runtime and OpenCV's WebAssembly build ship inside their npm packages, the selfie segmentation model is
 * vendored beside this file (models/LICENSE.md). Nothing is ever fetched over the network.
 */
const appRoot = () => process.cwd();

export const modelFiles = {
  /** Face detector, face mesh, iris and MoveNet, as shipped by @vladmandic/human. */
  humanModelsDir: () => path.join(appRoot(), "node_modules/@vladmandic/human/models"),
  /** Human's Node build for the WebAssembly backend; its package exports do not resolve it. */
  humanNodeWasmBuild: () => path.join(appRoot(), "node_modules/@vladmandic/human/dist/human.node-wasm.js"),
  /** The .wasm binaries of tfjs-backend-wasm (the path ends with a slash, as tfjs expects). */
  wasmDir: () => `${path.join(appRoot(), "node_modules/@tensorflow/tfjs-backend-wasm/dist")}${path.sep}`,
  selfieModel: () => path.join(appRoot(), "lib/vision/models/selfie.json"),
  /** OpenCV's WebAssembly build (its .wasm is inlined in the file), as shipped by @techstark/opencv-js. */
  openCv: () => path.join(appRoot(), "node_modules/@techstark/opencv-js/dist/opencv.js"),
};

/** A file:// URL that the file IO router of file-model-io.ts serves. */
export function fileUrl(filePath: string): string {
  return pathToFileURL(filePath).href;
}

/** The same for a folder: tfjs joins model names onto it, so it must end with a slash. */
export function folderUrl(folderPath: string): string {
  const href = pathToFileURL(folderPath).href;
  return href.endsWith("/") ? href : `${href}/`;
}
