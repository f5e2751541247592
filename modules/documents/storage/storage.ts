import { loadConfig } from "../../../shared/config.ts";
import type { Config } from "../../../shared/config.ts";
import { LocalStorage } from "./local.ts";
import { ObjectStorage } from "./s3.ts";
import type { Storage } from "./contract.ts";

export { type ByteRange, checkKey, newKey, type Storage, type StoredObject } from "./contract.ts";

export function createStorage(config: Config): Storage {
  if (config.STORAGE_MODE === "objstore") {
    return new ObjectStorage({
      bucket: config.OBJ_BUCKET!,
      region: config.OBJ_REGION,
      endpoint: config.OBJ_ENDPOINT,
      accessKeyId: config.OBJ_ACCESS_KEY,
      secretAccessKey: config.OBJ_SECRET_KEY,
    });
  }
  return new LocalStorage(config.LOCAL_STORAGE_PATH);
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
