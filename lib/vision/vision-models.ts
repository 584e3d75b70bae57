import { pathToFileURL } from "node:url";
import * as tf from "@tensorflow/tfjs-core";
import { loadGraphModel, type GraphModel } from "@tensorflow/tfjs-converter";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import type { Config, Human } from "@vladmandic/human";
import { registerFileModelIo } from "./file-model-io";
import { fileUrl, folderUrl, modelFiles } from "./model-files";

/**
 * The on-device models, loaded once per process (in practice once, in the local engine's
 * process, see lib/generation/engines/local/process): Human (face detector, 478-point face mesh
 * with iris, HSE FaceRes face descriptor, MoveNet pose) and MediaPipe's selfie segmentation, all
 * on tfjs' WebAssembly backend, all read from local files.
 */

export interface VisionModels {
  human: Human;
  selfie: GraphModel;
  /** Milliseconds the first load took (reported by the benchmark). */
  loadMs: number;
}

/** Face and pose settings: every model we do not use stays off, caching between frames too. */
const humanConfig = (): Partial<Config> => ({
  backend: "wasm",
  wasmPath: modelFiles.wasmDir(),
  modelBasePath: folderUrl(modelFiles.humanModelsDir()),
  debug: false,
  async: false,
  warmup: "none",
  cacheModels: false,
  // Results of a previous photo must never leak into the next one.
  cacheSensitivity: 0,
  skipAllowed: false,
  filter: { enabled: false },
  gesture: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: false, maxDetected: 8, minConfidence: 0.25, return: false },
    mesh: { enabled: true },
    iris: { enabled: true },
    attention: { enabled: false },
    emotion: { enabled: false },
    // Loaded with the others, switched on per call (face-identity.ts): it describes each face
    // with 1024 values only when identity is asked for.
    description: { enabled: true, modelPath: "faceres.json" },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: true, maxDetected: 1, minConfidence: 0.2 },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
});

/**
 * The switches of one detection. Human keeps whatever a call sets in its configuration, so every
 * call sets all of them: the pose only when asked for, and either the iris (eye centres for the
 * engine's framing and the photo check) or the face descriptor (identity, face-identity.ts).
 */
export function detectionSettings(options: { pose: boolean; describe: boolean }): Partial<Config> {
  const { face } = humanConfig();
  if (!face) throw new Error("the face settings are missing");
  return {
    body: { enabled: options.pose },
    face: { ...face, iris: { enabled: !options.describe }, description: { ...face.description, enabled: options.describe } },
  };
}

interface HumanModule {
  Human: new (config?: Partial<Config>) => Human;
}

function isHumanModule(value: unknown): value is HumanModule {
  return typeof value === "object" && value !== null && "Human" in value && typeof value.Human === "function";
}

/** Human's Node WebAssembly build, loaded by path: its package exports do not reach it. */
async function importHuman(): Promise<HumanModule> {
  const loaded: unknown = await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(modelFiles.humanNodeWasmBuild()).href);
  const candidates = [loaded, typeof loaded === "object" && loaded !== null && "default" in loaded ? loaded.default : undefined];
  const found = candidates.find(isHumanModule);
  if (!found) throw new Error("@vladmandic/human did not export Human");
  return found;
}

async function loadModels(): Promise<VisionModels> {
  const started = performance.now();
  registerFileModelIo();
  setWasmPaths(modelFiles.wasmDir());
  await tf.setBackend("wasm");
  await tf.ready();
  const { Human: HumanClass } = await importHuman();
  const human = new HumanClass(humanConfig());
  const [selfie] = await Promise.all([loadGraphModel(fileUrl(modelFiles.selfieModel())), human.load()]);
  return { human, selfie, loadMs: performance.now() - started };
}

let models: Promise<VisionModels> | undefined;

/** The models, loading them on first use; a failed load is retried on the next call. */
export function getVisionModels(): Promise<VisionModels> {
  if (!models) {
    models = loadModels().catch((error: unknown) => {
      models = undefined;
      throw error;
    });
  }
  return models;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs model inference one call at a time: Human keeps per-call state, and two photos'
 * inferences interleaving on one WebAssembly heap would only slow both down.
 */
export function runExclusive<T>(work: (models: VisionModels) => Promise<T>): Promise<T> {
  const run = queue.then(async () => work(await getVisionModels()));
  queue = run.catch(() => undefined);
  return run;
}
