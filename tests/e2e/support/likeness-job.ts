/**
 * A Headshot Pro generation of 10 shots for an account of the results e2e server, run to its end
 * by the real worker code against the server's database and files, with a stand-in engine whose
 * images fail the likeness guard at two positions: another person at position 3 (made again as
 * the user), no face at position 7 (no face again). Prints the generation's id as JSON. Run by
 * results-backend.ts like start-generation.ts:
 *
 *   DATABASE_URL=... DATA_DIR=... npx tsx --conditions=react-server tests/e2e/support/likeness-job.ts <email>
 */
import { getDb, getOpenDatabase } from "@/db";
import { findUserByEmail } from "@/db/queries/users";
import { env } from "@/lib/env";
import { createGeneration } from "@/lib/generation/create-generation";
import { stopEngineProcess } from "@/lib/generation/engines/local/process/engine-process";
import { startWorker } from "@/lib/generation/worker/worker";
import { createStorage } from "@/lib/storage/create-storage";
import { setCredits } from "@/tests/helpers/factories";
import { waitForFinished } from "@/tests/helpers/generation";
import { scriptedEngine } from "@/tests/helpers/generation-worker";
import { likenessPhotos } from "@/tests/helpers/likeness-photos";

async function main() {
  const [email] = process.argv.slice(2);
  if (!email) throw new Error("usage: likeness-job.ts <email>");
  const db = getDb();
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no account for ${email}`);
  // The 5 free credits and 20 more: the basic pack of 10 headshots costs 20.
  await setCredits(db, user.id, { bonusCredits: 25 });
  const storage = createStorage(env);
  const [stranger, faceless] = await Promise.all([likenessPhotos.stranger(), likenessPhotos.faceless()]);
  const engine = scriptedEngine(async (job) => {
    const picture = async (position: number) => {
      if (position === 7) return faceless;
      if (position === 3 && !job.positions) return stranger;
      return likenessPhotos.samePerson(position);
    };
    const positions = job.positions ?? Array.from({ length: job.imageCount }, (_, position) => position);
    return Promise.all(positions.map(async (position) => new Uint8Array(await picture(position))));
  });
  const worker = startWorker({ db, storage, resolveEngine: () => engine, concurrency: 1, pollIntervalMs: 100, leaseMs: 30_000, maxAttempts: 1, shutdownGraceMs: 1_000 });
  const generation = await createGeneration(
    db,
    { userId: user.id, tool: "headshot_pro", input: { gender: "female", ageRange: "36_45", styleIds: [1, 3], packageId: "basic" }, originalImage: await likenessPhotos.userPhoto() },
    { storage },
  );
  const finished = await waitForFinished(db, generation.id, 180_000);
  await worker.stop();
  if (finished.status !== "complete") throw new Error(`the job ended ${finished.status}: ${finished.errorMessage ?? ""}`);
  process.stdout.write(`${JSON.stringify({ id: generation.id })}\n`);
}

main()
  .then(async () => {
    await stopEngineProcess();
    await getOpenDatabase().close();
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await getOpenDatabase().close();
    process.exit(1);
  });
