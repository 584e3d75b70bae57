/**
 * Starts a generation for an account of the results e2e server, the way the tools' server
 * action does (lib/generation/create-generation.ts: the photo is checked and stored, the
 * credits are taken, the job is queued), and prints its id as JSON. Run by results-backend.ts:
 *
 *   DATABASE_URL=... DATA_DIR=... npx tsx --conditions=react-server \
 *     tests/e2e/support/start-generation.ts <email> <tool>
 *
 * The react-server condition lets the server-only modules load outside Next.js.
 */
import { getDb, getOpenDatabase } from "@/db";
import { findUserByEmail } from "@/db/queries/users";
import { createGeneration } from "@/lib/generation/create-generation";
import type { ToolId } from "@/lib/generation/tools";
import { testPhoto } from "@/tests/helpers/generation";

const optionsByTool: Record<ToolId, Record<string, unknown>> = {
  ai_product: { prompt: "on a marble table in soft morning light", dimension: "auto" },
  hair_changer: { gender: "female", style: "blonde", customPrompt: "" },
  body_shaper: { gender: "male", style: "leanMuscle", customPrompt: "" },
  headshot_pro: { gender: "female", ageRange: "26_35", styleIds: [1], packageId: "free_trial" },
};

function isToolId(value: string | undefined): value is ToolId {
  return value !== undefined && Object.hasOwn(optionsByTool, value);
}

async function main() {
  const [email, tool] = process.argv.slice(2);
  if (!email || !isToolId(tool)) throw new Error("usage: start-generation.ts <email> <tool>");
  const db = getDb();
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no account for ${email}`);
  const generation = await createGeneration(db, {
    userId: user.id,
    tool,
    input: optionsByTool[tool],
    originalImage: await testPhoto(480, 640),
  });
  process.stdout.write(`${JSON.stringify({ id: generation.id })}\n`);
}

main()
  .then(() => getOpenDatabase().close())
  .catch(async (error: unknown) => {
    console.error(error);
    await getOpenDatabase().close();
    process.exit(1);
  });
