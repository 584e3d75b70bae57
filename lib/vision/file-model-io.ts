import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as tf from "@tensorflow/tfjs-core";
import { fuseClippedRelu } from "./clipped-relu";

/**
 * tfjs loads models through IO routers chosen by URL; in the browser http(s) is built in and in
 * Node only tfjs-node (which cannot install here) brings file://. This router reads a model's
 * JSON and its weight shards from disk, so models load with no network at all, and gives its
 * clipped activations their one-pass kernel (clipped-relu.ts).
 */

type ModelJson = tf.io.ModelJSON;

function fileLoadHandler(url: string): tf.io.IOHandler {
  const modelPath = fileURLToPath(url);
  return {
    async load() {
      const modelJson = JSON.parse(await readFile(modelPath, "utf8")) as ModelJson;
      const artifacts = await tf.io.getModelArtifactsForJSON(modelJson, async (manifest) => {
        const shards = manifest.flatMap((group) => group.paths.map((shard) => path.join(path.dirname(modelPath), shard)));
        const buffers = await Promise.all(shards.map((shard) => readFile(shard)));
        const weights = tf.io.concatenateArrayBuffers(
          buffers.map((buffer) => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer),
        );
        return [manifest.flatMap((group) => group.weights), weights];
      });
      fuseClippedRelu(artifacts);
      return artifacts;
    },
  };
}

/** Other schemes (none are used here) are left to tfjs' own routers by answering null. */
function fileRouter(url: string | string[]): tf.io.IOHandler | null {
  const target = Array.isArray(url) ? url[0] : url;
  return typeof target === "string" && target.startsWith("file://") ? fileLoadHandler(target) : null;
}

let registered = false;

/** Registers the file:// router once per process (tfjs keeps routers in a global registry). */
export function registerFileModelIo(): void {
  if (registered) return;
  registered = true;
  // tfjs' IORouter type leaves out the null that its own routers return for other schemes.
  tf.io.registerLoadRouter(fileRouter as Parameters<typeof tf.io.registerLoadRouter>[0]);
}
