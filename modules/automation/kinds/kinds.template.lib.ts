/**
 * The placeholders of built-in kinds' configuration: `{{input.customer.email}}`,
 * `{{config.x}}`. `{{env.NAME}}` is never filled on the host: environment values stay out of
 * generated code and are read inside the sandbox.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w]*(?:\.[\w-]+)*)\s*\}\}/g;

/** The value at `a.b.c` (undefined when a step is missing). */
export function valueAt(vars: unknown, path: string): unknown {
  let v: unknown = vars;
  for (const part of path.split(".")) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

const asText = (v: unknown) =>
  v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);

/** Fills a template; `encode` escapes each value for where it goes (a URL, a header). */
export function fillTemplate(
  template: string,
  vars: Record<string, unknown>,
  encode: (s: string) => string = (s) => s,
): string {
  return template.replace(PLACEHOLDER, (whole, path: string) => {
    if (path.startsWith("env.")) return whole;
    return encode(asText(valueAt(vars, path)));
  });
}

/**
 * Fills every string of a JSON value. A string that is exactly one placeholder takes the value
 * itself (a number stays a number, a list a list), so `{"id": "{{input.ticketId}}"}` works.
 */
export function fillDeep(value: unknown, vars: Record<string, unknown>): unknown {
  if (typeof value === "string") {
    const only = value.match(/^\{\{\s*([A-Za-z_][\w]*(?:\.[\w-]+)*)\s*\}\}$/);
    if (only && !only[1].startsWith("env.")) return valueAt(vars, only[1]) ?? null;
    return fillTemplate(value, vars);
  }
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, vars));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, fillDeep(v, vars)]),
    );
  }
  return value;
}

/** The env names a template refers to (`{{env.TOKEN}}` → TOKEN). */
export function envNames(template: string): string[] {
  const names = new Set<string>();
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m[1].startsWith("env.")) names.add(m[1].slice(4));
  }
  return [...names];
}
