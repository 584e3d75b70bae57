import { readFile } from "node:fs/promises";
import path from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import { loadGraphModel } from "@tensorflow/tfjs-converter";
import { beforeAll, describe, expect, it } from "vitest";
import { fuseClippedRelu } from "@/lib/vision/clipped-relu";
import { modelFiles } from "@/lib/vision/model-files";
import { getVisionModels } from "@/lib/vision/vision-models";

/**
 * FaceRes with its ReLU6 chains rewritten as Relu6 (clipped-relu.ts) answers exactly as the
 * model shipped in the npm package: the same descriptor, age and gender for the same input.
 */

async function faceResArtifacts(): Promise<tf.io.ModelArtifacts> {
  const modelPath = path.join(modelFiles.humanModelsDir(), "faceres.json");
  const json = JSON.parse(await readFile(modelPath, "utf8")) as tf.io.ModelJSON;
  return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
    const shards = await Promise.all(manifest.flatMap((group) => group.paths).map((shard) => readFile(path.join(path.dirname(modelPath), shard))));
    const bytes = Buffer.concat(shards);
    return [manifest.flatMap((group) => group.weights), bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer];
  });
}

beforeAll(async () => {
  // The WebAssembly backend the engine runs on.
  await getVisionModels();
});

describe("ReLU6 chains fused into Relu6", () => {
  it("rewrites FaceRes's 27 chains and leaves its outputs unchanged", async () => {
    const shipped = await faceResArtifacts();
    const rewritten = await faceResArtifacts();
    expect(fuseClippedRelu(shipped)).toBe(27);
    // Fused only in the first copy: the second is the model as shipped.
    const [fused, original] = await Promise.all([loadGraphModel(tf.io.fromMemory(shipped)), loadGraphModel(tf.io.fromMemory(rewritten))]);
    const input = tf.randomUniform([1, 224, 224, 3], 0, 1, "float32", 7);
    try {
      const outputs = (model: typeof fused) => (model.execute(input) as tf.Tensor[]).map((tensor) => Array.from(tensor.dataSync()));
      const [fusedOutputs, originalOutputs] = [outputs(fused), outputs(original)];
      expect(fusedOutputs.map((values) => values.length)).toEqual(originalOutputs.map((values) => values.length));
      expect(fusedOutputs.some((values) => values.length === 1024)).toBe(true);
      for (const [index, values] of fusedOutputs.entries()) {
        const reference = originalOutputs[index] ?? [];
        expect(Math.max(...values.map((value, at) => Math.abs(value - (reference[at] ?? Number.NaN))))).toBeLessThan(1e-5);
      }
    } finally {
      input.dispose();
      fused.dispose();
      original.dispose();
    }
  });

  it("leaves a model without such chains as it is", async () => {
    const modelPath = path.join(modelFiles.humanModelsDir(), "blazeface.json");
    const json = JSON.parse(await readFile(modelPath, "utf8")) as tf.io.ModelJSON;
    const artifacts = await tf.io.getModelArtifactsForJSON(json, async (manifest) => [manifest.flatMap((group) => group.weights), new ArrayBuffer(0)]);
    const before = JSON.stringify(artifacts.modelTopology);
    expect(fuseClippedRelu(artifacts)).toBe(0);
    expect(JSON.stringify(artifacts.modelTopology)).toBe(before);
  });
});
