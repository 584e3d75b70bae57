import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { createStorage, localFilesRoot } from "@/lib/storage/create-storage";
import { S3Storage } from "@/lib/storage/s3-storage";

describe("createStorage", () => {
  it("keeps files on local disk under DATA_DIR/files by default", () => {
    const env = parseEnv({ DATA_DIR: "/tmp/app-data" });
    expect(createStorage(env).kind).toBe("local");
    expect(localFilesRoot(env.DATA_DIR)).toBe("/tmp/app-data/files");
  });

  it("uses S3 when a bucket is configured", () => {
    const storage = createStorage(
      parseEnv({
        S3_BUCKET: "images",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }),
    );
    expect(storage.kind).toBe("s3");
    if (storage instanceof S3Storage) storage.close();
  });

  it("refuses half a set of S3 credentials and a short signing secret", () => {
    expect(() => createStorage(parseEnv({ S3_BUCKET: "images", S3_ACCESS_KEY_ID: "key" }))).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ FILES_SIGNING_SECRET: "short" })).toThrow(/FILES_SIGNING_SECRET/);
    expect(() => parseEnv({ S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
