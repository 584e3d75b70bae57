import "server-only";
import { notFound, redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db";
import { findOwnedGenerationRow } from "@/db/queries/generations";
import { requireUser, type SessionUser } from "@/lib/auth/session";
import { findFlowTool, findFlowToolById, flowPath, type FlowStep, type FlowTool } from "./flow-tools";

/** What every page of the three flows starts with: its tool from the URL and the signed-in user. */

export type FlowPageParams = Promise<{ tool: string }>;
export type FlowSearchParams = Promise<Record<string, string | string[] | undefined>>;

export function flowToolOrNotFound(slug: string): FlowTool {
  const flow = findFlowTool(slug);
  if (!flow) notFound();
  return flow;
}

export async function resolveFlowPage(params: FlowPageParams): Promise<{ flow: FlowTool; user: SessionUser }> {
  const flow = flowToolOrNotFound((await params).tool);
  const user = await requireUser();
  return { flow, user };
}

/** The `id` query parameter when it is one generation id (a uuid); anything else counts as none. */
export async function generationIdParam(searchParams: FlowSearchParams): Promise<string | null> {
  const value = (await searchParams).id;
  const parsed = z.uuid().safeParse(Array.isArray(value) ? value[0] : value);
  return parsed.success ? parsed.data : null;
}

/** The user's own generation with this id; undefined for anyone else's and unknown ids. */
async function findUserGeneration(userId: string, generationId: string) {
  return findOwnedGenerationRow(getDb(), userId, generationId);
}

/**
 * The user's generation with this id when it is of `flow`'s tool. One of another flow's tool is
 * shown on that flow's page of the same step (a redirect); unknown ids, anyone else's and tools
 * without a flow are undefined.
 */
export async function findFlowGeneration(flow: FlowTool, userId: string, generationId: string, step: FlowStep) {
  const generation = await findUserGeneration(userId, generationId);
  if (!generation || generation.tool === flow.tool.id) return generation;
  const owner = findFlowToolById(generation.tool);
  if (owner) redirect(flowPath(owner.slug, step, generation.id));
  return undefined;
}
