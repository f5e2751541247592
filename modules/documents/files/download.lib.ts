import { type ByteRange, storage } from "../storage/storage.lib.ts";
import { problemBody, problems } from "../../../shared/http/problem.ts";

export interface Downloadable {
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
}

/**
 * Stored bytes never run as a page of this origin: a sandbox (unique origin, no script) and
 * nothing loaded from anywhere. Only our own pages may frame a preview.
 */
export const SANDBOX = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; " +
  "style-src 'unsafe-inline'; frame-ancestors 'self'";
/** PDF viewers do not run in a sandboxed document; a PDF is still no HTML page. */
export const PDF_CSP = "default-src 'none'; object-src 'self'; frame-ancestors 'self'";

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266 / RFC 5987). */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  // The fallback for old clients: accents dropped (Ç→C, ı→i), anything else non-ASCII as _.
  const ascii = name.replace(/ı/g, "i").normalize("NFKD").replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The single range of a Range header; null: serve everything; "invalid": 416. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "invalid" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return header.includes(",") ? null : "invalid";
  if (size === 0) return "invalid";
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "invalid";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "invalid";
  return { start, end };
}

/**
 * A streaming response for stored bytes: length, type, disposition, ETag (the SHA-256),
 * conditional GET and single Range requests (206) for resumable downloads and video seeking.
 */
export async function fileResponse(
  req: Request,
  f: Downloadable,
  opts: { disposition: "attachment" | "inline"; contentType?: string; csp?: string } = {
    disposition: "attachment",
  },
): Promise<Response> {
  const etag = `"${f.sha256}"`;
  const headers = new Headers({
    "Content-Type": opts.contentType ?? f.contentType,
    "Content-Disposition": contentDisposition(opts.disposition, f.name),
    "ETag": etag,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-cache",
    // Whatever the bytes are, they never run as a page of this origin.
    "Content-Security-Policy": opts.csp ?? SANDBOX,
  });
  if (req.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  const ifRange = req.headers.get("if-range");
  const rangeHeader = ifRange && ifRange !== etag ? undefined : req.headers.get("range");
  const range = parseRange(rangeHeader ?? undefined, f.size);
  if (range === "invalid") {
    // Like every other error: problem+json (the file's own type and name do not apply).
    headers.set("Content-Range", `bytes */${f.size}`);
    headers.set("Content-Type", "application/problem+json");
    headers.delete("Content-Disposition");
    const problem = problems.rangeNotSatisfiable(f.size);
    return new Response(JSON.stringify(problemBody(problem, new URL(req.url).pathname)), {
      status: 416,
      headers,
    });
  }
  if (req.method === "HEAD") {
    headers.set("Content-Length", String(f.size));
    return new Response(null, { status: 200, headers });
  }
  const body = await storage().get(f.storageKey, range ?? undefined);
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${f.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(f.size));
  return new Response(body, { status: 200, headers });
}
