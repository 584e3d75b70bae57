import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import messages from "@/messages/en.json";
import { createGeneration as insertCompleteGeneration, createImage } from "@/tests/helpers/image-records";
import { tempStorage, testPhoto, userWithCredits } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { requestContext as state } from "@/tests/helpers/request-context";

// The actions resolve the user, the database, the storage and the translations through one
// module each; the tests provide them.
vi.mock("@/lib/auth/session", () => import("@/tests/helpers/request-context").then((m) => m.sessionModule));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));
vi.mock("@/lib/storage", () => import("@/tests/helpers/request-context").then((m) => m.storageModule));
vi.mock("next-intl/server", () => ({
  getTranslations: async (namespace: string) => (key: string) =>
    (namespace === "generation.fields" && Object.entries(messages.generation.fields).find(([name]) => name === key)?.[1]) || key,
}));

const { createGenerationAction } = await import("@/lib/actions/create-generation");
const { createEditAction } = await import("@/lib/actions/create-edit");

describeEachDatabase("generation server actions", (ctx) => {
  let dataUrl: string;

  beforeAll(async () => {
    state.db = ctx.db;
    dataUrl = `data:image/jpeg;base64,${(await testPhoto()).toString("base64")}`;
  });

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    state.storage = tempStorage();
    state.user = { id: await userWithCredits(ctx.db, 3), email: "someone@example.test" };
  });

  it("queues a generation and answers with its id", async () => {
    const result = await createGenerationAction({ tool: "ai_product", options: { prompt: "on sand", dimension: "auto" }, image: dataUrl });
    expect(result).toMatchObject({ ok: true, data: { creditsCost: 2 } });
  });

  it("answers the spec's messages with their values", async () => {
    expect(await createGenerationAction({ tool: "body_shaper", options: { gender: "male" }, image: null })).toEqual({
      ok: false,
      error: "errors.missingGenerationData",
      values: { fields: "image, style" },
    });
    expect(await createGenerationAction({ tool: "ai_product", options: { prompt: "x", dimension: "auto" }, image: "data:text/plain;base64,aGk=" })).toMatchObject({
      ok: false,
      error: "errors.imageRejected",
    });
    await createGenerationAction({ tool: "ai_product", options: { prompt: "on sand", dimension: "auto" }, image: dataUrl });
    expect(await createGenerationAction({ tool: "ai_product", options: { prompt: "again", dimension: "auto" }, image: dataUrl })).toEqual({
      ok: false,
      error: "errors.insufficientCredits",
      values: { required: 2, available: 1 },
    });
  });

  it("answers a free trial the profile is not eligible for with its message", async () => {
    const options = { gender: "male", ageRange: "36_45", styleIds: [1], packageId: "free_trial" };
    expect(await createGenerationAction({ tool: "headshot_pro", options, image: dataUrl })).toEqual({
      ok: false,
      error: "errors.freeTrialUnavailable",
      values: {},
    });
    state.user = { id: await userWithCredits(ctx.db, 5), email: "new@example.test" };
    expect(await createGenerationAction({ tool: "headshot_pro", options, image: dataUrl })).toMatchObject({ ok: true, data: { creditsCost: 2 } });
  });

  it("refuses signed-out callers and malformed input", async () => {
    state.user = null;
    expect(await createGenerationAction({ tool: "ai_product", options: {}, image: null })).toMatchObject({ ok: false, error: "errors.unauthenticated" });
    state.user = { id: await userWithCredits(ctx.db, 3), email: "x@example.test" };
    // @ts-expect-error: a tool that does not exist, as a forged request could send
    expect(await createGenerationAction({ tool: "teleporter", options: {}, image: null })).toMatchObject({ ok: false, error: "errors.invalidInput" });
  });

  it("edits the user's image within the word limit", async () => {
    const userId = state.user?.id ?? "";
    const generation = await insertCompleteGeneration(ctx.db, userId, { tool: "hair_changer" });
    const image = await createImage(ctx.db, generation, { position: 0 });
    expect(await createEditAction({ imageId: image.id, prompt: "a b c d e f g h i j k" })).toEqual({
      ok: false,
      error: "errors.promptTooLong",
      values: { limit: 10 },
    });
    expect(await createEditAction({ imageId: image.id, prompt: "shorter" })).toMatchObject({ ok: true, data: { creditsCost: 2 } });
  });
});
