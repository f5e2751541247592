/** The HTTP answer for a stored thumbnail (no database). */
import { storage } from "../storage/storage.lib.ts";

/**
 * The WebP image with its ETag; a URL that names the current content (`v`, as listed pages give
 * it) may be kept by the browser, any other is revalidated.
 */
export async function thumbnailResponse(
  req: Request,
  image: { key: string; etag: string; sha256: string },
  v: string | undefined,
): Promise<Response> {
  const current = !!v && v.length >= 8 && image.sha256.startsWith(v);
  const headers = new Headers({
    "Content-Type": "image/webp",
    "ETag": image.etag,
    "Cache-Control": current ? "private, max-age=31536000, immutable" : "private, no-cache",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (req.headers.get("if-none-match") === image.etag) {
    return new Response(null, { status: 304, headers });
  }
  const body = await new Response(await storage().get(image.key)).arrayBuffer();
  headers.set("Content-Length", String(body.byteLength));
  return new Response(req.method === "HEAD" ? null : body, { status: 200, headers });
}
