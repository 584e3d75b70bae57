import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { generations } from "@/db/schema";
import { readAvailableCredits } from "@/db/queries/credits";
import { parseEnv } from "@/lib/env";
import { createEdit } from "@/lib/generation/create-edit";
import { createGeneration, createHeadshotAwaitingPayment } from "@/lib/generation/create-generation";
import { createModelChecker, type ModelCheck } from "@/lib/generation/engines/model-checks";
import { createEngineDirectory } from "@/lib/generation/engines/select-engine";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { startFakeFal, type FakeFal } from "@/tests/fakes/hosted/fal-server";
import { startFakeGemini, type FakeGemini } from "@/tests/fakes/hosted/gemini-server";
import { startFakeReplicate, type FakeReplicate } from "@/tests/fakes/hosted/replicate-server";
import { storedKeys, tempStorage, testPhoto, userWithCredits } from "@/tests/helpers/generation";
import { createGeneration as insertCompleteGeneration, createImage } from "@/tests/helpers/image-records";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { ownerPrefix } from "@/lib/storage/object-keys";

/**
 * Issue 35, part 3 (decision 26): every configured hosted model is looked up at its provider's
 * stand-in (Replicate's model and version endpoints, Gemini's models.get, fal's model search);
 * a retired or unknown one is logged naming its tools, and those tools refuse before any photo
 * is stored or credit taken.
 */

describeEachDatabase("hosted models that exist today", (ctx) => {
  let replicate: FakeReplicate;
  let fal: FakeFal;
  let gemini: FakeGemini;
  let storage: LocalDiskStorage;
  let photo: Buffer;

  beforeAll(async () => {
    [replicate, fal, gemini] = await Promise.all([startFakeReplicate(), startFakeFal(), startFakeGemini()]);
    photo = await testPhoto();
  });
  afterAll(async () => {
    await Promise.all([replicate.close(), fal.close(), gemini.close()]);
  });
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    replicate.retiredModels.clear();
    fal.retiredModels.clear();
  });

  /** A checker over engines pointed at the stand-ins, with the log it writes. */
  function checkerFor(env: Record<string, string>) {
    const lines: { level: string; text: string }[] = [];
    const log = {
      info: (text: string) => lines.push({ level: "info", text }),
      warn: (text: string) => lines.push({ level: "warn", text }),
      error: (text: string) => lines.push({ level: "error", text }),
    };
    const directory = createEngineDirectory(
      parseEnv({
        REPLICATE_API_TOKEN: replicate.token,
        REPLICATE_BASE_URL: replicate.apiUrl,
        FAL_KEY: fal.key,
        FAL_QUEUE_URL: fal.origin,
        FAL_API_URL: fal.apiUrl,
        GEMINI_API_KEY: gemini.apiKey,
        GEMINI_BASE_URL: gemini.origin,
        ...env,
      }),
    );
    return { checker: createModelChecker({ engineFor: directory.forTool, log }), lines };
  }

  const unavailable = (checks: readonly ModelCheck[]) => checks.filter((check) => check.state === "unavailable");

  it("finds every default of every provider served, one lookup per model", async () => {
    for (const engine of ["replicate", "fal", "gemini"]) {
      const { checker, lines } = checkerFor({ IMAGE_ENGINE: engine });
      const checks = await checker.refresh();
      expect(checks.map((check) => check.state)).toEqual(checks.map(() => "available"));
      // Headshots on one model, the other four tools on another (Gemini: all on one).
      expect(checks.flatMap((check) => check.tools).sort()).toEqual(["ai_product", "body_shaper", "edit", "hair_changer", "headshot_pro"]);
      expect(lines.filter((line) => line.level !== "info")).toEqual([]);
    }
    const lookups = replicate.requests.filter((request) => request.method === "GET" && request.path.startsWith("/v1/models/"));
    expect(lookups.map((request) => request.path).sort()).toEqual([
      "/v1/models/black-forest-labs/flux-kontext-pro",
      "/v1/models/bytedance/flux-pulid",
      "/v1/models/bytedance/flux-pulid/versions/8baa7ef2255075b46f4d91cd238c21d31181b3e6a864463f967960bb0112525b",
    ]);
    expect(gemini.requests.filter((request) => request.method === "GET").map((request) => request.path)).toEqual(["/v1beta/models/gemini-3.1-flash-image"]);
    expect(fal.requests.filter((request) => request.method === "GET").map((request) => request.query.get("endpoint_id")).sort()).toEqual([
      "fal-ai/flux-pro/kontext",
      "fal-ai/flux-pulid",
    ]);
  });

  it("names the tools and model of a retired model in the log, and those tools refuse before credits or photos", async () => {
    const { checker, lines } = checkerFor({ IMAGE_ENGINE: "gemini", GEMINI_MODEL_HAIR_CHANGER: "gemini-2.5-flash-image" });
    const [retired, ...others] = unavailable(await checker.refresh());
    expect(others).toEqual([]);
    expect(retired).toMatchObject({ engine: "gemini", model: "gemini-2.5-flash-image", tools: ["hair_changer"], state: "unavailable" });
    expect(lines.find((line) => line.level === "error")?.text).toMatch(/hair_changer on gemini model gemini-2\.5-flash-image is not available/);

    const userId = await userWithCredits(ctx.db, 10);
    const deps = { storage, unavailableModel: checker.unavailableFor };
    const refused = createGeneration(ctx.db, { userId, tool: "hair_changer", input: { gender: "female", style: "curlyBob" }, originalImage: photo }, deps);
    await expect(refused).rejects.toMatchObject({ messageKey: "errors.modelUnavailable" });
    expect(await ctx.db.select().from(generations)).toHaveLength(0);
    expect(await storedKeys(storage, ownerPrefix(userId))).toEqual([]);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(10);
    // The other tools run on a model that is served.
    await createGeneration(ctx.db, { userId, tool: "ai_product", input: { prompt: "on marble", dimension: "square" }, originalImage: photo }, deps);
    expect(await readAvailableCredits(ctx.db, userId)).toBe(8);
  });

  it("refuses edits and cash packs on a model Replicate no longer serves, and one fal lists as deprecated", async () => {
    replicate.retiredModels.add("black-forest-labs/flux-kontext-pro");
    const onReplicate = checkerFor({ IMAGE_ENGINE: "replicate" });
    expect(unavailable(await onReplicate.checker.refresh())).toMatchObject([
      { engine: "replicate", model: "black-forest-labs/flux-kontext-pro", tools: ["ai_product", "hair_changer", "body_shaper", "edit"] },
    ]);
    const userId = await userWithCredits(ctx.db, 10);
    const generation = await insertCompleteGeneration(ctx.db, userId, { tool: "hair_changer" });
    const image = await createImage(ctx.db, generation, { position: 0 });
    await expect(createEdit(ctx.db, { userId, imageId: image.id, prompt: "brighter" }, { unavailableModel: onReplicate.checker.unavailableFor })).rejects.toMatchObject({
      messageKey: "errors.modelUnavailable",
    });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(10);

    fal.retiredModels.add("fal-ai/flux-pulid");
    const onFal = checkerFor({ IMAGE_ENGINE: "fal" });
    expect(unavailable(await onFal.checker.refresh())).toMatchObject([{ engine: "fal", model: "fal-ai/flux-pulid", tools: ["headshot_pro"], detail: expect.stringContaining("deprecated") }]);
    const pack = createHeadshotAwaitingPayment(
      ctx.db,
      { userId, input: { gender: "male", ageRange: "26_35", styleIds: [1], packageId: "10_headshots" }, originalImage: photo },
      { storage, unavailableModel: onFal.checker.unavailableFor },
    );
    await expect(pack).rejects.toMatchObject({ messageKey: "errors.modelUnavailable" });
    expect(await storedKeys(storage, ownerPrefix(userId))).toEqual([]);
  });

  it("reports a provider it could not ask as unchecked, and a missing key as unavailable", async () => {
    const unreachable = checkerFor({ IMAGE_ENGINE: "gemini", GEMINI_BASE_URL: "http://127.0.0.1:9" });
    const [check] = await unreachable.checker.refresh();
    expect(check).toMatchObject({ state: "unchecked" });
    expect(unreachable.checker.unavailableFor("hair_changer")).toBeUndefined();
    expect(unreachable.lines.some((line) => line.level === "warn" && line.text.includes("could not check"))).toBe(true);

    const keyless = checkerFor({ IMAGE_ENGINE: "fal", FAL_KEY: "" });
    expect(unavailable(await keyless.checker.refresh()).map((entry) => entry.detail)).toEqual(["FAL_KEY is not set", "FAL_KEY is not set"]);
  });

  it("asks the providers again only when the last lookups are older than asked for", async () => {
    const { checker } = checkerFor({ IMAGE_ENGINE: "gemini" });
    await Promise.all([checker.fresh(60_000), checker.fresh(60_000), checker.fresh(60_000)]);
    await checker.fresh(60_000);
    const lookups = () => gemini.requests.filter((request) => request.method === "GET").length;
    const before = lookups();
    expect(before).toBeGreaterThanOrEqual(1);
    await checker.fresh(60_000);
    expect(lookups()).toBe(before);
    await checker.fresh(0);
    expect(lookups()).toBe(before + 1);
  });
});
