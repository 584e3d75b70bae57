import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { buildPersonalDataExport, personalDataFileName } from "@/lib/privacy/personal-data-export";
import type { ObjectStorage } from "@/lib/storage/types";
import { readZip } from "@/tests/helpers/read-zip";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { createUserWithData, storageBackends } from "./privacy-fixtures";

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describeEachDatabase("downloading my data", (ctx) => {
  let storage: ObjectStorage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await storageBackends[0]!.start());
  });
  afterAll(async () => stop());
  beforeEach(async () => truncateAllTables(ctx.db));

  it("zips the user's data as JSON and their images, and nothing of another user", async () => {
    const user = await createUserWithData(ctx.db, storage);
    const other = await createUserWithData(ctx.db, storage);

    const entries = readZip(await collect(await buildPersonalDataExport(ctx.db, storage, user.id)));

    const names = entries.map((entry) => entry.name);
    expect(names[0]).toBe(personalDataFileName);
    // The original, the result and the edit; the stray file has no row and is not personal data of record.
    expect(names.filter((name) => name.startsWith("images/"))).toHaveLength(3);
    expect(names.some((name) => name.endsWith("/original.jpg"))).toBe(true);

    const data = JSON.parse(entries[0]!.data.toString("utf8"));
    expect(data.account).toMatchObject({ id: user.id, email: user.email });
    expect(data.account).not.toHaveProperty("passwordHash");
    expect(data.profile).toMatchObject({ userId: user.id });
    expect(data.generations).toHaveLength(2);
    expect(data.images).toHaveLength(2);
    expect(data.ledger).toHaveLength(1);
    expect(data.purchases).toMatchObject([{ itemId: "top_up_200", amountMinor: 1999 }]);
    expect(JSON.stringify(data)).not.toContain(other.id);
    expect(entries.map((entry) => entry.data.toString())).toContain("original photo");
  });
});
