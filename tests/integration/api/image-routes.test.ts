import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { generations } from "@/db/schema";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { createUser } from "@/tests/helpers/factories";
import { createGeneration, createImage } from "@/tests/helpers/image-records";
import { readZip } from "@/tests/helpers/read-zip";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { requestContext as state } from "@/tests/helpers/request-context";

// The routes read the session, the database and the storage through one function each.
vi.mock("@/lib/api/current-user-id", () => import("@/tests/helpers/request-context").then((m) => m.currentUserIdModule));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));
vi.mock("@/lib/storage", () => ({
  getStorage: () => {
    if (!state.storage) throw new Error("no storage");
    return state.storage;
  },
  getFilesSigningSecret: () => "route-test-secret-0123456789abcdefghij",
}));

const images = await import("@/app/api/images/[id]/route");
const zip = await import("@/app/api/generations/[id]/zip/route");
const files = await import("@/app/api/files/[...key]/route");

function getImage(id: string, query = "") {
  return images.GET(new NextRequest(`http://app.test/api/images/${id}${query}`), { params: Promise.resolve({ id }) });
}

function getZip(id: string) {
  return zip.GET(new Request(`http://app.test/api/generations/${id}/zip`), { params: Promise.resolve({ id }) });
}

function getFile(signedUrl: string) {
  const url = new URL(signedUrl);
  const key = url.pathname.replace("/api/files/", "").split("/");
  return files.GET(new NextRequest(url), { params: Promise.resolve({ key }) });
}

describeEachDatabase("image, zip and file routes", (ctx) => {
  let owner: string;
  let stranger: string;

  beforeAll(() => {
    state.db = ctx.db;
  });

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    state.storage = new LocalDiskStorage({
      root: mkdtempSync(path.join(os.tmpdir(), "routes-")),
      publicBaseUrl: "http://app.test",
      signingSecret: () => "route-test-secret-0123456789abcdefghij",
    });
    owner = (await createUser(ctx.db)).id;
    stranger = (await createUser(ctx.db)).id;
    state.userId = owner;
  });

  async function headshots(count: number) {
    const generation = await createGeneration(ctx.db, owner, { tool: "headshot_pro", category: "Headshot Pro" });
    const rows = [];
    for (let position = 0; position < count; position += 1) {
      rows.push(await createImage(ctx.db, generation, { position, storage: state.storage, bytes: Buffer.from(`png ${position}`) }));
    }
    return { generation, rows };
  }

  it("serves an image to its owner, privately, with its type and a download name", async () => {
    const { rows } = await headshots(2);
    const image = rows[1];
    if (!image) throw new Error("no image");
    const response = await getImage(image.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toMatch(/^private/);
    expect(response.headers.get("content-disposition")).toBe('inline; filename="headshot_2.png"');
    expect(await response.text()).toBe("png 1");

    const download = await getImage(image.id, "?download=1");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="headshot_2.png"');
  });

  it("names an edited headshot after its own id, never after the number of the original (issue 19)", async () => {
    const { rows } = await headshots(1);
    const source = rows[0];
    if (!source) throw new Error("no image");
    const edit = await createGeneration(ctx.db, owner, { tool: "edit", category: "Headshot Pro" });
    await ctx.db
      .update(generations)
      .set({ parentImageId: source.id, input: { prompt: "brighter", sourceTool: "headshot_pro", sourceImageId: source.id } })
      .where(eq(generations.id, edit.id));
    const edited = await createImage(ctx.db, edit, { position: 0, contentType: "image/jpeg", storage: state.storage });
    const shortId = edited.id.replaceAll("-", "").slice(0, 8);
    const response = await getImage(edited.id, "?download=1");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="headshot_edit_${shortId}.jpg"`);
    expect((await getImage(source.id, "?download=1")).headers.get("content-disposition")).toBe('attachment; filename="headshot_1.png"');
  });

  it("answers 404 to a stranger and to a signed-out visitor, exactly as for a missing image", async () => {
    const { rows } = await headshots(1);
    const id = rows[0]?.id ?? "";
    state.userId = stranger;
    const asStranger = await getImage(id);
    state.userId = null;
    const signedOut = await getImage(id);
    state.userId = owner;
    const missing = await getImage(randomUUID());
    const malformed = await getImage("../../etc/passwd");
    for (const response of [asStranger, signedOut, missing, malformed]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    }
  });

  it("answers 422 to an invalid download flag", async () => {
    const { rows } = await headshots(1);
    expect((await getImage(rows[0]?.id ?? "", "?download=maybe")).status).toBe(422);
  });

  it("zips the owner's images as headshots.zip, and nobody else gets it", async () => {
    const { generation } = await headshots(3);
    const response = await getZip(generation.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="headshots.zip"');
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    expect(entries.map((entry) => [entry.name, entry.data.toString()])).toEqual([
      ["headshot_1.png", "png 0"],
      ["headshot_2.png", "png 1"],
      ["headshot_3.png", "png 2"],
    ]);

    state.userId = stranger;
    expect((await getZip(generation.id)).status).toBe(404);
    state.userId = null;
    expect((await getZip(generation.id)).status).toBe(404);
  });

  it("names other tools' zips {category}_images.zip with jpg entries for JPEG images", async () => {
    const generation = await createGeneration(ctx.db, owner, { tool: "ai_product", category: "AI Product" });
    await createImage(ctx.db, generation, { position: 0, contentType: "image/jpeg", storage: state.storage });
    const response = await getZip(generation.id);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="AI_Product_images.zip"');
    expect(readZip(Buffer.from(await response.arrayBuffer())).map((entry) => entry.name)).toEqual(["AI_Product_1.jpg"]);
  });

  it("serves a local signed URL without a session until it expires, and refuses a forged one", async () => {
    const { rows } = await headshots(1);
    const key = rows[0]?.storageKey ?? "";
    const url = await state.storage?.signedUrl(key, { expiresInSeconds: 60, downloadFileName: "headshot_1.png" });
    if (!url) throw new Error("no url");
    state.userId = null;
    const response = await getFile(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="headshot_1.png"');
    expect(response.headers.get("cache-control")).toMatch(/^private, max-age=(59|60)$/);

    const forged = new URL(url);
    forged.searchParams.set("expires", String(Number(forged.searchParams.get("expires")) + 3600));
    expect((await getFile(forged.toString())).status).toBe(403);
    const unsigned = new URL(url);
    unsigned.search = "";
    expect((await getFile(unsigned.toString())).status).toBe(403);

    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ["Date"] });
    try {
      expect((await getFile(url)).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });
});
