import * as lucide from "lucide-static";

const svgs = lucide as unknown as Record<string, string>;
const cache = new Map<string, string>();

/** "chevron-down" → "ChevronDown", the export name lucide-static uses. */
const exportName = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_, _d: string, ch: string) => ch.toUpperCase());

function svgFor(name: string, size: number): string {
  const key = `${name}@${size}`;
  let svg = cache.get(key);
  if (svg === undefined) {
    const source = svgs[exportName(name)];
    if (!source) throw new Error(`No lucide icon named "${name}"`);
    svg = source
      .replace(/<!--.*?-->\s*/s, "")
      .replace(/\s+/g, " ")
      .replace(/width="24" height="24"/, `width="${size}" height="${size}"`)
      .replace("<svg ", '<svg aria-hidden="true" focusable="false" ');
    cache.set(key, svg);
  }
  return svg;
}

/**
 * A lucide icon (kebab-case name, see node_modules/lucide-static/icons/), inlined as SVG from
 * our own package: no font, no CDN, no emoji. Decorative unless `label` is given.
 *
 * Usage: `<Icon name="bell" />`, `<Icon name="trash-2" label={t("delete")} size={16} />`
 */
export function Icon(
  { name, label, size = 18, class: cls }: {
    name: string;
    label?: string;
    size?: number;
    class?: string;
  },
) {
  return (
    <span
      class={`icon${cls ? ` ${cls}` : ""}`}
      role={label ? "img" : undefined}
      aria-label={label}
      dangerouslySetInnerHTML={{ __html: svgFor(name, size) }}
    />
  );
}
