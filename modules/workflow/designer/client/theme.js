/**
 * Shape colours from the app's theme tokens, so the diagram reads well in light and dark themes
 * (the renderer's defaults are not written into the XML).
 */
export function rendererColors(el) {
  const css = getComputedStyle(el);
  const token = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  return {
    defaultFillColor: token("--panel", "#ffffff"),
    defaultStrokeColor: token("--text", "#1a1f29"),
    defaultLabelColor: token("--text", "#1a1f29"),
  };
}
