/** Pure helpers of alerts: the picture of a number (KPI and table widgets have no chart). */

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** An SVG card with the widget's title and the alert's value, for the e-mail's PNG. */
export function valueSvg(title: string, value: string, width = 480, height = 260): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="24" y="48" font-family="DejaVu Sans" font-size="20" fill="#334155">${
      escapeXml(title.slice(0, 60))
    }</text>` +
    `<text x="24" y="160" font-family="DejaVu Sans" font-size="72" font-weight="bold" fill="#0f172a">${
      escapeXml(value.slice(0, 20))
    }</text>` +
    `</svg>`;
}

/** The first column of a result that holds numbers (the value when the widget maps none). */
export function firstNumericColumn(
  columns: { name: string; type?: string }[],
  rows: Record<string, unknown>[],
): string | null {
  for (const c of columns) {
    const v = rows[0]?.[c.name];
    if (
      typeof v === "number" || (typeof v === "string" && v !== "" && Number.isFinite(Number(v)))
    ) {
      return c.name;
    }
  }
  return columns[0]?.name ?? null;
}

let origin = "";
/** Remembers the site's public address (PUBLIC_URL) for links in alert e-mails (module init). */
export function useAlertsOrigin(publicUrl: string | undefined) {
  origin = publicUrl ? new URL(publicUrl).origin : "";
}
/** The site's public origin ("" when not configured: links stay relative). */
export const publicOrigin = () => origin;
