import * as tf from "@tensorflow/tfjs-core";

/**
 * Keras' ReLU6 exported to a tfjs graph becomes three passes over each activation: Relu, then
 * Minimum with a constant 6, then Maximum with a constant 0 (FaceRes, the face descriptor, has 27
 * of them). On the WebAssembly backend the two broadcasting passes cost 40 of FaceRes's 96 ms
 * (tf.profile), while tfjs has a one-pass Relu6 kernel. Each such chain whose constants really
 * are 6 and 0 is rewritten as one Relu6 of the same input: max(min(relu(x), 6), 0) is
 * min(max(x, 0), 6), the same function. The chain's old nodes are left unreachable, so they
 * never run.
 */

interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, unknown>;
}

const isGraphNode = (value: unknown): value is GraphNode =>
  typeof value === "object" && value !== null && "name" in value && "op" in value && typeof value.name === "string" && typeof value.op === "string";

function graphNodes(artifacts: tf.io.ModelArtifacts): GraphNode[] {
  const topology: unknown = artifacts.modelTopology;
  if (typeof topology !== "object" || topology === null || !("node" in topology) || !Array.isArray(topology.node)) return [];
  return topology.node.filter(isGraphNode);
}

/** The values of the model's scalar weights (the chains' constants are stored as weights). */
function scalarWeights(artifacts: tf.io.ModelArtifacts): Map<string, number> {
  const specs = artifacts.weightSpecs ?? [];
  if (!artifacts.weightData || !specs.some((spec) => spec.shape.length === 0)) return new Map();
  const decoded = tf.io.decodeWeights(artifacts.weightData, specs);
  const scalars = new Map<string, number>();
  for (const [name, tensor] of Object.entries(decoded)) {
    if (tensor.rank === 0) scalars.set(name, tensor.dataSync()[0] ?? Number.NaN);
    tensor.dispose();
  }
  return scalars;
}

/** Rewrites the Relu, Minimum 6, Maximum 0 chains of a graph model as Relu6 (in place); returns how many. */
export function fuseClippedRelu(artifacts: tf.io.ModelArtifacts): number {
  const nodes = graphNodes(artifacts);
  if (!nodes.some((node) => node.op === "Minimum")) return 0;
  const byName = new Map(nodes.map((node) => [node.name, node]));
  const scalars = scalarWeights(artifacts);
  // The other input of a binary node, when the one given is a node and the other a constant of `value`.
  const constantBeside = (node: GraphNode, value: number) => {
    const [first, second] = node.input ?? [];
    return [first, second].some((name) => name !== undefined && scalars.get(name) === value);
  };
  const operandOf = (node: GraphNode) => (node.input ?? []).map((name) => byName.get(name)).find((input) => input?.op !== "Const" && !scalars.has(input?.name ?? ""));
  let fused = 0;
  for (const maximum of nodes) {
    if (maximum.op !== "Maximum" || (maximum.input?.length ?? 0) !== 2 || !constantBeside(maximum, 0)) continue;
    const minimum = operandOf(maximum);
    if (minimum?.op !== "Minimum" || (minimum.input?.length ?? 0) !== 2 || !constantBeside(minimum, 6)) continue;
    const relu = operandOf(minimum);
    const source = relu?.op === "Relu" ? relu.input?.[0] : undefined;
    if (!source) continue;
    maximum.op = "Relu6";
    maximum.input = [source];
    fused += 1;
  }
  return fused;
}
