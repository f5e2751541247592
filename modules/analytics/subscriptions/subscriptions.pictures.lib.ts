/**
 * Pictures of the widgets that are no charts, for the PDF (and mail clients that show no
 * tables): a KPI as a big number, a table as a grid. Plain SVG that resvg draws with DejaVu Sans.
 */
const W = 640;

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Cuts text to about `max` characters (the SVG has no wrapping). */
const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max - 1) + "…" : s);

function svg(height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" ` +
    `viewBox="0 0 ${W} ${height}" font-family="DejaVu Sans">` +
    `<rect width="${W}" height="${height}" fill="#ffffff"/>${body}</svg>`;
}

/** A KPI: the value large, a trend line under it. */
export function kpiSvg(value: string, hint?: string): string {
  return svg(
    120,
    `<text x="16" y="70" font-size="48" font-weight="bold" fill="#111827">${esc(value)}</text>` +
      (hint ? `<text x="16" y="104" font-size="16" fill="#4b5563">${esc(hint)}</text>` : ""),
  );
}

/** A table: a header row and at most `maxRows` rows, columns of equal width. */
export function tableSvg(header: string[], rows: string[][], more?: string): string {
  const cols = Math.max(1, header.length);
  const cw = (W - 16) / cols;
  const chars = Math.max(4, Math.floor(cw / 8));
  const lineH = 26;
  const lines = [header, ...rows];
  const height = 16 + lines.length * lineH + (more ? lineH : 0);
  let body = `<rect x="8" y="8" width="${W - 16}" height="${lineH}" fill="#f3f4f6"/>`;
  lines.forEach((cells, r) => {
    const y = 8 + r * lineH + 18;
    cells.forEach((c, i) => {
      body += `<text x="${12 + i * cw}" y="${y}" font-size="13" ${
        r === 0 ? 'font-weight="bold" ' : ""
      }fill="#111827">${esc(clip(c, chars))}</text>`;
    });
    if (r > 0) {
      body += `<line x1="8" x2="${W - 8}" y1="${8 + r * lineH}" y2="${
        8 + r * lineH
      }" stroke="#e5e7eb"/>`;
    }
  });
  if (more) {
    body += `<text x="12" y="${8 + lines.length * lineH + 18}" font-size="12" fill="#6b7280">${
      esc(more)
    }</text>`;
  }
  return svg(height, body);
}

/** A widget with nothing to show (no rows, or it failed to run): its reason, in grey. */
export function noteSvg(text: string): string {
  return svg(60, `<text x="16" y="36" font-size="15" fill="#6b7280">${esc(clip(text, 70))}</text>`);
}
