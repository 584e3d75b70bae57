import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/db/client";
import { startFakeGemini, type FakeGemini } from "@/tests/fakes/hosted/gemini-server";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

// The route reads the app's database through getDb(); point it at the test's database instead.
const state = vi.hoisted(() => ({ db: undefined as Database | undefined }));
vi.mock("@/db", () => ({
  getDb: () => {
    if (!state.db) throw new Error("no database configured");
    return state.db;
  },
}));

/**
 * Issue 35, part 3: /api/health names a hosted model its provider no longer serves, with its
 * tools, as `degraded` (200: the server works, those tools refuse), and asks the provider once
 * per check interval however often it is polled. The environment is the server's own
 * (lib/env.ts), pointed at Gemini's stand-in with Hair Changer on the retired gemini-2.5-flash-image.
 */
describe("health with hosted models", () => {
  let gemini: FakeGemini;
  let database: TestDatabase;
  let GET: () => Promise<Response>;

  beforeAll(async () => {
    gemini = await startFakeGemini();
    database = await createTestDatabase("pglite", { migrate: false });
    state.db = database.db;
    vi.stubEnv("IMAGE_ENGINE", "gemini");
    vi.stubEnv("GEMINI_API_KEY", gemini.apiKey);
    vi.stubEnv("GEMINI_BASE_URL", gemini.origin);
    vi.stubEnv("GEMINI_MODEL_HAIR_CHANGER", "gemini-2.5-flash-image");
    vi.resetModules();
    ({ GET } = await import("@/app/api/health/route"));
    // The route's whole module graph is loaded afresh for this environment: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await database.dispose();
    await gemini.close();
  });

  it("is degraded, naming the retired model and its tool, and asks Gemini once per interval", async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    expect(body).toMatchObject({
      status: "degraded",
      models: expect.arrayContaining([
        expect.objectContaining({ engine: "gemini", model: "gemini-2.5-flash-image", tools: ["hair_changer"], state: "unavailable" }),
        expect.objectContaining({ engine: "gemini", model: "gemini-3.1-flash-image", tools: ["headshot_pro", "ai_product", "body_shaper", "edit"], state: "available" }),
      ]),
    });
    const lookups = () => gemini.requests.filter((request) => request.method === "GET").length;
    expect(lookups()).toBe(2);
    await Promise.all([GET(), GET(), GET()]);
    expect(lookups()).toBe(2);
  });
});
