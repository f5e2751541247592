import { loadConfig } from "../../../shared/config.ts";
import type { Config } from "../../../shared/config.ts";
import { lazy } from "../../../shared/lazy.ts";
import { LocalStorage } from "./storage.local.lib.ts";
import type { ObjectStorageOptions } from "./storage.s3.lib.ts";
import type { Storage } from "./storage.contract.lib.ts";

export {
  type ByteRange,
  checkKey,
  newKey,
  type Storage,
  type StoredObject,
} from "./storage.contract.lib.ts";

export function createStorage(config: Config): Storage {
  if (config.STORAGE_MODE === "objstore") {
    return objectStorage({
      bucket: config.OBJ_BUCKET!,
      region: config.OBJ_REGION,
      endpoint: config.OBJ_ENDPOINT,
      accessKeyId: config.OBJ_ACCESS_KEY,
      secretAccessKey: config.OBJ_SECRET_KEY,
    });
  }
  return new LocalStorage(config.LOCAL_STORAGE_PATH);
}

/**
 * The S3 bucket, its client (the AWS SDK: about 8 MB of heap) imported by the first call
 * (shared/lazy.ts), so an instance on local storage never loads it.
 */
function objectStorage(options: ObjectStorageOptions): Storage {
  const bucket = lazy(async () => new (await import("./storage.s3.lib.ts")).ObjectStorage(options));
  return {
    mode: "objstore",
    put: async (key, body) => (await bucket()).put(key, body),
    get: async (key, range) => (await bucket()).get(key, range),
    delete: async (key) => (await bucket()).delete(key),
    async *list() {
      yield* (await bucket()).list();
    },
    sweepPartial: async (before) => (await bucket()).sweepPartial(before),
  };
}

let current: Storage | null = null;

/**
 * The process's storage, built from the platform's config on first use (jobs, which get no
 * platform, fall back to the environment: the same config main.ts reads).
 */
export function storage(config?: Config): Storage {
  current ??= createStorage(config ?? loadConfig());
  return current;
}

/** Replaces the storage (tests switch backends with it). */
export function useStorage(s: Storage | null) {
  current = s;
}
