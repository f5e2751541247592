import { Hono } from "hono";
import type { AppEnv } from "../shared/http/env.ts";

const root = new URL("../", import.meta.url);
const fromPackage = (path: string) => new URL(`node_modules/${path}`, root);
const fromUi = (path: string) => new URL(`./assets/${path}`, import.meta.url);

/**
 * Every browser asset is served by the app itself (no CDN): an allow-list of files from the
 * installed packages and ui/assets. Modules add theirs with registerAsset.
 */
const files = new Map<string, URL>([
  ["htmx.min.js", fromPackage("htmx.org/dist/htmx.min.js")],
  ["app.css", fromUi("app.css")],
  ["app.js", fromUi("app.js")],
  ["swagger-ui.css", fromPackage("swagger-ui-dist/swagger-ui.css")],
  ["swagger-ui-bundle.js", fromPackage("swagger-ui-dist/swagger-ui-bundle.js")],
  ["docs.js", fromUi("docs.js")],
  ["docs.css", fromUi("docs.css")],
  ["favicon.svg", fromUi("favicon.svg")],
  ["charts.js", fromUi("charts.js")],
  ["echarts.min.js", fromPackage("echarts/dist/echarts.min.js")],
  ["sortable.min.js", fromPackage("sortablejs/Sortable.min.js")],
]);

export function registerAsset(name: string, file: URL) {
  files.set(name, file);
}

const types: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  woff2: "font/woff2",
};

const cache = new Map<string, { body: Uint8Array; etag: string }>();

async function load(name: string) {
  let hit = cache.get(name);
  if (!hit) {
    const body = await Deno.readFile(files.get(name)!);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", body));
    const etag = `"${
      Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("")
    }"`;
    hit = { body, etag };
    cache.set(name, hit);
  }
  return hit;
}

export const assetsRouter = new Hono<AppEnv>().get("/:name{.+}", async (c) => {
  const name = c.req.param("name");
  if (!files.has(name)) return c.notFound();
  const { body, etag } = await load(name);
  const headers = {
    "Content-Type": types[name.split(".").pop()!] ?? "application/octet-stream",
    "Cache-Control": "public, max-age=3600",
    ETag: etag,
  };
  if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
});
