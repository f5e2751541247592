/** The translations page's filter: in its query string, and carried through form posts. */
export interface TranslationsFilter {
  q: string;
  missing: boolean;
  offset: number;
  /** Only one part of the product ("platform" or a module name); "" for all. */
  module: string;
}

/** Query string of the page for a filter (only what differs from the defaults). */
export function filterQuery(f: TranslationsFilter, extra: Record<string, string> = {}) {
  const p = new URLSearchParams();
  if (f.module) p.set("module", f.module);
  if (f.q) p.set("q", f.q);
  if (f.missing) p.set("missing", "1");
  if (f.offset) p.set("offset", String(f.offset));
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** Hidden fields that carry the filter through a form post (for the no-JS full page). */
export function FilterFields({ filter }: { filter: TranslationsFilter }) {
  return (
    <>
      {filter.module && <input type="hidden" name="module" value={filter.module} />}
      {filter.q && <input type="hidden" name="q" value={filter.q} />}
      {filter.missing && <input type="hidden" name="missing" value="1" />}
      {filter.offset > 0 && <input type="hidden" name="offset" value={String(filter.offset)} />}
    </>
  );
}
