import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { contentDispositionHeader } from "@/lib/downloads/content-disposition";
import { assertValidObjectKey, assertValidPrefix } from "./object-keys";
import { MAX_SIGNED_URL_SECONDS, type ListedObject, type ObjectStorage, type SignedUrlOptions, type StoredObject } from "./types";

/** Any S3-compatible service: AWS, MinIO, Cloudflare R2, Backblaze B2, Ceph... */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Time limit of one request, and of a silent connection while a body streams (STORAGE_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** Reaching the service at all should never take long; a stalled answer is cut at timeoutMs. */
const connectionTimeoutMs = 5_000;

function isMissingObject(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

export class S3Storage implements ObjectStorage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Many S3-compatible services reject the CRC checksums newer SDKs send by default.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // Without these a request to a service that stopped answering waits forever.
      requestHandler: {
        connectionTimeout: connectionTimeoutMs,
        requestTimeout: options.timeoutMs ?? 20_000,
        throwOnRequestTimeout: true,
        socketTimeout: options.timeoutMs ?? 20_000,
      },
    });
  }

  async put(key: string, data: Buffer, options: { contentType: string }): Promise<void> {
    assertValidObjectKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: options.contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidObjectKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // In Node the SDK's body is an http.IncomingMessage, i.e. a Readable.
      if (!(response.Body instanceof Readable)) throw new Error("S3 returned a body that is not a Node stream");
      return {
        body: response.Body,
        contentType: response.ContentType ?? "application/octet-stream",
        size: response.ContentLength,
      };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    // S3 answers 204 for a missing key as well, which is the contract's idempotence.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertValidPrefix(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    assertValidObjectKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseCacheControl: "private, no-store",
      ResponseContentDisposition: options.downloadFileName
        ? contentDispositionHeader("attachment", options.downloadFileName)
        : undefined,
    });
    const expiresIn = Math.min(Math.max(1, Math.floor(options.expiresInSeconds)), MAX_SIGNED_URL_SECONDS);
    return getSignedUrl(this.client, command, { expiresIn });
  }

  /** Releases the client's sockets (tests and scripts). */
  close(): void {
    this.client.destroy();
  }
}
