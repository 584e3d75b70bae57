import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A local S3 server (s3rver) on loopback for the S3 backend's tests: real S3 HTTP, SigV4
 * signatures and presigned-URL expiry, files in a temporary folder.
 */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export async function startFakeS3(bucket = "test-images"): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "fake-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's built-in account.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
