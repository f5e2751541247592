import type { MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";
import { problems } from "../problem.ts";

/**
 * Request bodies up to `maxSize` bytes (413 problem beyond), except on streaming paths: file
 * uploads, whose modules enforce their own limits.
 */
export function bodyLimit(maxSize: number, streamingPaths: RegExp[]): MiddlewareHandler<AppEnv> {
  const limit = honoBodyLimit({
    maxSize,
    onError: () => {
      throw problems.tooLarge();
    },
  });
  return (c, next) => (streamingPaths.some((re) => re.test(c.req.path)) ? next() : limit(c, next));
}
