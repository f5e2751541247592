/**
 * The module's own styles (ticket layout, facts, comments), next to the kit's. Pages drawn
 * by respond() include it; the home page's cards use kit classes only.
 */
export function SupportAssets() {
  return <link rel="stylesheet" href="/assets/support.css" />;
}
