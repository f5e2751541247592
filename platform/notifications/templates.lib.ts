/** Message templates with `{{ path.to.value }}` placeholders (Support's ticket e-mails, rules). */
export interface MessageTemplate {
  subject: string;
  /** Plain text; the HTML part is derived from it with every value escaped. */
  body: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Looks up `a.b.c` in vars; missing values render as empty text. */
export function lookup(vars: unknown, path: string): string {
  let v: unknown = vars;
  for (const part of path.split(".")) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, part)) return "";
    v = (v as Record<string, unknown>)[part];
  }
  return v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
}

function fill(template: string, vars: unknown, encode: (s: string) => string) {
  return template.replace(PLACEHOLDER, (_, path) => encode(lookup(vars, path)));
}

/**
 * Renders subject, text and HTML. Values are escaped in the HTML part (so a ticket subject can
 * never inject markup), and line breaks of the text become <br>. The subject is one line.
 */
export function renderTemplate(template: MessageTemplate, vars: unknown): RenderedMessage {
  const subject = fill(template.subject, vars, (s) => s).replace(/[\r\n]+/g, " ").trim();
  const text = fill(template.body, vars, (s) => s);
  const htmlBody = fill(escapeHtml(template.body), vars, escapeHtml).replace(/\r?\n/g, "<br>\n");
  const html =
    `<!doctype html><html><body style="font-family:sans-serif">${htmlBody}</body></html>`;
  return { subject, text, html };
}

/** The placeholders a template uses (for editors that list or validate variables). */
export function placeholders(template: MessageTemplate): string[] {
  const found = new Set<string>();
  for (const t of [template.subject, template.body]) {
    for (const m of t.matchAll(PLACEHOLDER)) found.add(m[1]);
  }
  return [...found];
}
