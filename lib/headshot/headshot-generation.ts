import "server-only";
import { getDb } from "@/db";
import { findOwnedGenerationRow } from "@/db/queries/generations";

/** The user's own Headshot Pro generation with this id; undefined for anything else. */
export async function findUserHeadshotGeneration(userId: string, generationId: string | null) {
  if (!generationId) return undefined;
  const generation = await findOwnedGenerationRow(getDb(), userId, generationId);
  return generation?.tool === "headshot_pro" ? generation : undefined;
}
