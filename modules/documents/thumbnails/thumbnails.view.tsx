import { formatBytes, Icon, useReader, useT } from "../../../ui/kit.ts";
import { fileKind, KIND_ICONS } from "../files/content-types.lib.ts";
import type { ThumbInfo } from "./thumbnails.rules.ts";

export type Layout = "list" | "grid";

/** One tile of the grid: a folder or a file with its thumbnail or first lines. */
export interface Tile {
  kind: "file" | "folder";
  id: string;
  name: string;
  href: string;
  size: number | null;
  contentType: string | null;
  thumb?: ThumbInfo;
}

/** The stylesheet of the grid and the previews (a link in the body, like other panels). */
export function ThumbnailAssets() {
  return <link rel="stylesheet" href="/assets/documents-thumbnails.css" />;
}

/** List or grid: two links that keep the page's query (the choice is remembered). */
export function LayoutToggle({ layout, url }: { layout: Layout; url: string }) {
  const t = useT();
  const link = (to: Layout) => {
    const u = new URL(url, "http://x");
    u.searchParams.set("layout", to);
    u.searchParams.delete("cursor");
    return u.pathname + u.search;
  };
  return (
    <nav class="docs-layout-toggle" aria-label={t("documents.layout")}>
      {(["list", "grid"] as const).map((to) => (
        <a
          href={link(to)}
          class={`btn btn-sm ${layout === to ? "btn-primary" : "btn-secondary"}`}
          aria-current={layout === to ? "true" : undefined}
        >
          <Icon name={to === "list" ? "list" : "layout-grid"} size={14} />
          <span>{t(`documents.layout.${to}`)}</span>
        </a>
      ))}
    </nav>
  );
}

/** What a tile shows above its name: the image, the first lines of text, or the type's icon. */
function TileFace({ tile }: { tile: Tile }) {
  if (tile.kind === "folder") {
    return (
      <span class="docs-tile-face docs-tile-icon">
        <Icon name="folder" size={40} />
      </span>
    );
  }
  const small = tile.thumb?.small;
  if (small) {
    return (
      <span class="docs-tile-face">
        <img src={small} alt="" loading="lazy" decoding="async" />
      </span>
    );
  }
  const excerpt = tile.thumb?.excerpt;
  const icon = KIND_ICONS[fileKind(tile.contentType)];
  if (excerpt) {
    return (
      <span class="docs-tile-face docs-tile-text" aria-hidden="true">
        <Icon name={icon} size={18} />
        <span class="docs-tile-lines">{excerpt.split("\n").slice(0, 6).join("\n")}</span>
      </span>
    );
  }
  return (
    <span class="docs-tile-face docs-tile-icon">
      <Icon name={icon} size={40} />
    </span>
  );
}

/** Folders and files as tiles (2 columns on a phone); each tile is one link. */
export function FileGrid(
  { tiles, label, empty, more }: {
    tiles: Tile[];
    label: string;
    empty: preact.ComponentChildren;
    more?: { href: string; label: string };
  },
) {
  const { locale } = useReader();
  if (!tiles.length) return <>{empty}</>;
  return (
    <>
      <ThumbnailAssets />
      <ul class="docs-grid" aria-label={label}>
        {tiles.map((tile) => (
          <li class="docs-tile">
            <a href={tile.href} class="docs-tile-link">
              <TileFace tile={tile} />
              <span class="docs-tile-name">{tile.name}</span>
              <span class="docs-tile-meta muted">
                {tile.size === null ? "\u00a0" : formatBytes(locale, tile.size)}
              </span>
            </a>
          </li>
        ))}
      </ul>
      {more && (
        <p class="docs-grid-more">
          <a href={more.href} class="btn btn-secondary">{more.label}</a>
        </p>
      )}
    </>
  );
}

/**
 * The detail view's preview when something better than the raw file exists: the large image
 * (images, a PDF's first page) or, for office documents and text files, the beginning of the
 * text the full-text index extracted (lighter than the raw file, and readable for DOCX/XLSX).
 */
export function BetterPreview(
  { name, thumb, textual, full }: {
    name: string;
    thumb?: ThumbInfo;
    textual: boolean;
    /** The whole file shown inline (the image or the PDF), opened from the preview. */
    full?: string;
  },
) {
  const t = useT();
  if (thumb?.large) {
    const img = (
      <img
        class="docs-preview docs-preview-image"
        src={thumb.large}
        alt={t("documents.previewOf", { name })}
      />
    );
    return (
      <>
        <ThumbnailAssets />
        {full
          ? (
            <a href={full} target="_blank" rel="noopener" class="docs-preview-link">
              {img}
              <span class="docs-preview-open">
                <Icon name="external-link" size={14} />
                <span>{t("documents.openFull")}</span>
              </span>
            </a>
          )
          : img}
      </>
    );
  }
  if (thumb?.excerpt && textual) {
    return (
      <>
        <ThumbnailAssets />
        <p class="muted docs-preview-note">{t("documents.previewText")}</p>
        <pre class="docs-preview docs-preview-text" tabIndex={0}>{thumb.excerpt}</pre>
      </>
    );
  }
  return null;
}

/** Under the preview: why an image or PDF has no thumbnail (failed, too large), if so. */
export function ThumbnailFact({ thumb }: { thumb: ThumbInfo }) {
  const t = useT();
  if (!thumb.reason || thumb.reason === "type") return null;
  return (
    <p class="muted docs-thumb-fact">
      {t("documents.thumbnail")}: {t(`documents.thumbnail.${thumb.status}`)}.{" "}
      {t(`documents.thumbnail.reason.${thumb.reason}`)}
    </p>
  );
}
