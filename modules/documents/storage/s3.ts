import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { ByteRange, Storage, StoredObject } from "./storage.ts";
import { checkKey } from "./storage.ts";

export interface ObjectStorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * An S3-compatible bucket (path-style addressing, so MinIO, Ceph and s3rver work too). Large
 * files go up as multipart uploads: an object appears only when its upload completes, and a
 * failed upload is aborted so no parts linger.
 */
export class ObjectStorage implements Storage {
  readonly mode = "objstore" as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(o: ObjectStorageOptions) {
    this.bucket = o.bucket;
    this.client = new S3Client({
      region: o.region,
      endpoint: o.endpoint,
      forcePathStyle: true,
      credentials: o.accessKeyId && o.secretAccessKey
        ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey }
        : undefined,
    });
  }

  async put(key: string, body: ReadableStream<Uint8Array>): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: checkKey(key), Body: body },
      // 5 MiB parts (S3's minimum), two in flight: about 15 MiB held whatever the file size.
      partSize: 5 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    const res = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return pulled(res.Body as unknown as AsyncIterable<Uint8Array> & { destroy?(): void });
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async sweepPartial(before: Date): Promise<number> {
    let removed = 0;
    try {
      const res = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket }));
      for (const u of res.Uploads ?? []) {
        if (u.Key && u.UploadId && u.Initiated && u.Initiated < before) {
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: u.Key,
              UploadId: u.UploadId,
            }),
          );
          removed++;
        }
      }
    } catch { /* servers without the listing (s3rver) keep nothing partial visible anyway */ }
    return removed;
  }
}

/**
 * The GetObject body (a Node Readable) as a web stream that reads one chunk per pull, so a slow
 * client holds back the S3 socket instead of buffering the object in memory; cancelling (client
 * gone) destroys the socket.
 */
function pulled(
  body: AsyncIterable<Uint8Array> & { destroy?(): void },
): ReadableStream<Uint8Array> {
  const it = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(c) {
      const { value, done } = await it.next();
      if (done) c.close();
      else c.enqueue(value);
    },
    async cancel() {
      body.destroy?.();
      await it.return?.();
    },
  }, { highWaterMark: 0 });
}
