/**
 * The files page's grid: the list/grid choice (a `layout` link remembered in a cookie) and the
 * tiles with thumbnails, built for renderFiles (files.pages.tsx).
 */
import { getCookie, setCookie } from "hono/cookie";
import type { C } from "../../../shared/http/pages.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { thumbnailOf, thumbnailsOf } from "./thumbnails.service.ts";
import { FileGrid, type Layout, LayoutToggle, type Tile } from "./thumbnails.view.tsx";

const COOKIE = "docs_layout";
/** Characters of extracted text a tile (first lines) and the detail view show. */
const TILE_TEXT = 320;
const DETAIL_TEXT = 4000;

/** The layout a request asks for (its `layout`, else the remembered one); remembers a change. */
export function filesLayout(c: C, url: string): Layout {
  const asked = new URL(url, "http://x").searchParams.get("layout");
  if (asked === "grid" || asked === "list") {
    if (getCookie(c, COOKIE) !== asked) {
      setCookie(c, COOKIE, asked, {
        path: "/documents",
        httpOnly: true,
        sameSite: "Lax",
        secure: new URL(c.req.url).protocol === "https:",
        maxAge: 365 * 86400,
      });
    }
    return asked;
  }
  return getCookie(c, COOKIE) === "grid" ? "grid" : "list";
}

interface Row {
  kind: "file" | "folder";
  id: string;
  name: string;
  folderId: string | null;
  size: number | null;
  contentType: string | null;
}

/** The toggle, and in grid layout the tiles of the page's rows (thumbnails looked up at once). */
export async function filesGrid(
  c: C,
  { url, rows, href, more }: {
    url: string;
    rows: Row[];
    href: (r: Row) => string;
    more?: string;
  },
) {
  const layout = filesLayout(c, url);
  const toggle = <LayoutToggle layout={layout} url={url} />;
  if (layout === "list") return { toggle };
  const l = c.var.locale;
  const files = rows.filter((r) => r.kind === "file");
  const thumbs = await thumbnailsOf(actorOf(c), { files, excerptChars: TILE_TEXT });
  const tiles: Tile[] = rows.map((r) => ({ ...r, href: href(r), thumb: thumbs.get(r.id) }));
  return {
    toggle,
    grid: (
      <FileGrid
        tiles={tiles}
        label={t(l, "documents.listLabel")}
        empty={null}
        more={more ? { href: more, label: t(l, "documents.more") } : undefined}
      />
    ),
  };
}

/** The file page's preview facts: its images or extracted text. */
export const filePreview = (c: C, id: string) =>
  thumbnailOf(actorOf(c), { id, excerptChars: DETAIL_TEXT });
