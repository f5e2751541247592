/**
 * Starting points for new agents: real, working agents a tenant adapts (names, URLs, days)
 * instead of an empty editor. Script templates use only the operations of
 * operations/registry.ts; the job form may offer `job` as the suggested schedule.
 */
import { type MessageKey, t } from "../../../shared/i18n/i18n.ts";
import type { AgentKind } from "../common/common.schemas.ts";

export interface AgentTemplate {
  key: string;
  labelKey: MessageKey;
  descriptionKey: MessageKey;
  kind: AgentKind;
  icon: string;
  config: Record<string, unknown>;
  code: string;
  /** The permissions the agent needs for its platform calls. */
  grants: string[];
  /** A job that usually goes with it (trigger and input). */
  job: { triggerKind: "cron" | "manual" | "event"; cron?: string; input: Record<string, unknown> };
}

const closeResolved =
  `// Closes tickets that were resolved (cozuldu) and left alone for config.days days.
export default async function (ctx) {
  const days = Number(ctx.input?.days ?? ctx.config.days ?? 7);
  let cursor;
  let closed = 0;
  do {
    const page = await ctx.platform.call("support.tickets.list", {
      status: "cozuldu",
      olderThanDays: days,
      limit: 100,
      ...(cursor ? { cursor } : {}),
    });
    for (const ticket of page.items) {
      await ctx.platform.call("support.tickets.close", { id: ticket.id });
      ctx.log.info("closed " + ticket.number + ": " + ticket.subject);
      closed++;
    }
    cursor = page.nextCursor;
  } while (cursor && closed < 1000);
  return { closed, days };
}
`;

const importCustomers =
  `// Imports customers from a REST endpoint returning [{ name, email, phone }] (or { items: [...] }).
// The endpoint's host must be on the outbound allowlist (Settings); its token is the
// environment variable API_TOKEN.
export default async function (ctx) {
  const headers = { accept: "application/json" };
  const token = ctx.env?.API_TOKEN;
  if (token) headers.authorization = "Bearer " + token;
  const res = await fetch(ctx.config.url, { headers });
  if (!res.ok) throw new Error("the endpoint answered " + res.status);
  const data = await res.json();
  const rows = Array.isArray(data) ? data : data.items ?? [];
  let created = 0;
  const failed = [];
  for (const row of rows.slice(0, ctx.config.max ?? 500)) {
    if (!row?.name) continue;
    try {
      await ctx.platform.call("support.customers.create", {
        name: String(row.name),
        ...(row.email ? { email: String(row.email) } : {}),
        ...(row.phone ? { phone: String(row.phone) } : {}),
      });
      created++;
    } catch (err) {
      failed.push(String(row.name));
      ctx.log.warn("skipped " + row.name + ": " + err.message);
    }
  }
  ctx.log.info("created " + created + " customers, skipped " + failed.length);
  return { created, skipped: failed };
}
`;

const projectReport =
  `// A CSV of every active project's progress (name, status, tasks done of total, due date),
// saved in Documents as config.folder/<config.filename>-<date>.csv (a second report the same
// day gets the time in its name too).
const cell = (v) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /^[=+\\-@\\t\\r]/.test(s) ? "'" + s : s;
};
const quote = (v) => {
  const s = cell(v);
  return /[",\\r\\n]/.test(s) ? '"' + s.replaceAll('"', '""') + '"' : s;
};
export default async function (ctx) {
  const lines = [["project", "status", "done", "tasks", "progress %", "due"].join(",")];
  let cursor;
  do {
    const page = await ctx.platform.call("projects.projects.list", {
      limit: 100,
      ...(cursor ? { cursor } : {}),
    });
    for (const p of page.items) {
      const pct = p.taskCount ? Math.round((p.doneCount / p.taskCount) * 100) : 0;
      lines.push([p.name, p.status, p.doneCount, p.taskCount, pct, p.dueDate ?? ""].map(quote).join(","));
    }
    cursor = page.nextCursor;
  } while (cursor);
  const now = new Date().toISOString();
  const base = ctx.config.filename ?? "project-status";
  const folderPath = ctx.config.folder ?? "/Reports";
  const text = lines.join("\\r\\n") + "\\r\\n";
  const save = (name) =>
    ctx.platform.call("documents.files.upload", { name, folderPath, contentType: "text/csv", text });
  let file;
  try {
    file = await save(base + "-" + now.slice(0, 10) + ".csv");
  } catch (err) {
    if (!/exists/.test(String(err?.message))) throw err;
    file = await save(base + "-" + now.slice(0, 19).replace("T", "-").replaceAll(":", "") + ".csv");
  }
  ctx.log.info("saved " + file.name + " with " + (lines.length - 1) + " projects in " + folderPath);
  return { file: { id: file.id, name: file.name, folderId: file.folderId }, projects: lines.length - 1 };
}
`;

const ticketDigest =
  `// Open tickets grouped by priority, e-mailed to config.recipients (up to 50 addresses).
// Nothing is sent on a day without open tickets unless config.sendWhenEmpty is true.
const ORDER = ["kritik", "yuksek", "normal", "dusuk"];
const LABELS = { kritik: "Critical", yuksek: "High", normal: "Normal", dusuk: "Low" };
export default async function (ctx) {
  const recipients = ctx.config.recipients ?? [];
  if (!recipients.length) throw new Error("config.recipients is empty: add the addresses the digest goes to");
  const open = [];
  for (const status of ["acik", "islemde"]) {
    let cursor;
    do {
      const page = await ctx.platform.call("support.tickets.list", {
        status,
        limit: 100,
        ...(cursor ? { cursor } : {}),
      });
      open.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor && open.length < 2000);
  }
  const title = ctx.config.title ?? "Open tickets";
  if (!open.length && !ctx.config.sendWhenEmpty) {
    ctx.log.info("no open tickets: nothing sent");
    return { open: 0, sent: 0 };
  }
  open.sort((a, b) => ORDER.indexOf(a.priority) - ORDER.indexOf(b.priority));
  const max = ctx.config.max ?? 30;
  const sections = ORDER.map((p) => {
    const rows = open.filter((t) => t.priority === p);
    return rows.length ? LABELS[p] + " (" + rows.length + ")" : null;
  }).filter(Boolean);
  const lines = open.slice(0, max).map((t) => "- [" + LABELS[t.priority] + "] " + t.number + " " + t.subject);
  const more = open.length > max ? ["", "… and " + (open.length - max) + " more"] : [];
  const text = [title + ": " + open.length, sections.join(", "), "", ...lines, ...more].join("\\n");
  const date = new Date().toISOString().slice(0, 10);
  const mail = await ctx.platform.call("platform.mail.send", {
    to: recipients,
    subject: title + " (" + open.length + ") " + date,
    text,
  });
  ctx.log.info("e-mailed the digest of " + open.length + " tickets to " + mail.queued + " recipients");
  return { open: open.length, sent: mail.queued };
}
`;

export const TEMPLATES: AgentTemplate[] = [
  {
    key: "close-resolved-tickets",
    labelKey: "automation.templates.closeResolved.name",
    descriptionKey: "automation.templates.closeResolved.description",
    kind: "script",
    icon: "archive",
    config: { days: 7 },
    code: closeResolved,
    grants: ["support.ticket.read", "support.ticket.write"],
    job: { triggerKind: "cron", cron: "0 3 * * *", input: {} },
  },
  {
    key: "open-tickets-digest",
    labelKey: "automation.templates.digest.name",
    descriptionKey: "automation.templates.digest.description",
    kind: "script",
    icon: "list-checks",
    config: { title: "Open tickets", max: 30, recipients: [], sendWhenEmpty: false },
    code: ticketDigest,
    // automation.agent.write is what platform.mail.send asks for (mail leaves the tenant).
    grants: ["support.ticket.read", "automation.agent.write"],
    job: { triggerKind: "cron", cron: "0 8 * * 1-5", input: {} },
  },
  {
    key: "import-customers",
    labelKey: "automation.templates.importCustomers.name",
    descriptionKey: "automation.templates.importCustomers.description",
    kind: "script",
    icon: "user-plus",
    config: { url: "https://crm.example.com/api/customers", max: 500 },
    code: importCustomers,
    grants: ["support.customer.write"],
    job: { triggerKind: "cron", cron: "30 2 * * *", input: {} },
  },
  {
    key: "project-status-csv",
    labelKey: "automation.templates.projectReport.name",
    descriptionKey: "automation.templates.projectReport.description",
    kind: "script",
    icon: "file-spreadsheet",
    config: { filename: "project-status", folder: "/Reports" },
    code: projectReport,
    grants: ["projects.project.read", "documents.file.write"],
    job: { triggerKind: "cron", cron: "0 7 * * 1", input: {} },
  },
  {
    key: "post-webhook",
    labelKey: "automation.templates.webhook.name",
    descriptionKey: "automation.templates.webhook.description",
    kind: "http",
    icon: "send",
    config: {
      method: "POST",
      url: "https://hooks.example.com/services/incoming",
      headers: { "content-type": "application/json", authorization: "Bearer {{env.HOOK_TOKEN}}" },
      body: '{"text": "{{input.text}}"}',
      expectedStatus: [200, 201, 202, 204],
      timeoutMs: 10000,
    },
    code: "",
    grants: [],
    job: { triggerKind: "event", input: { text: "A run failed" } },
  },
  {
    key: "follow-up-task",
    labelKey: "automation.templates.followUp.name",
    descriptionKey: "automation.templates.followUp.description",
    kind: "platform",
    icon: "square-check",
    config: {
      operation: "projects.tasks.create",
      input: { projectId: "{{input.projectId}}", title: "{{input.title}}" },
    },
    code: "",
    grants: ["projects.task.write"],
    job: { triggerKind: "manual", input: { projectId: "", title: "Follow up" } },
  },
  {
    key: "welcome-email",
    labelKey: "automation.templates.welcome.name",
    descriptionKey: "automation.templates.welcome.description",
    kind: "email",
    icon: "mail",
    config: {
      to: ["{{input.email}}"],
      subject: "Welcome, {{input.name}}",
      body:
        "Hello {{input.name}},\n\nThank you for choosing us. Reply to this e-mail if you need anything.",
    },
    code: "",
    grants: [],
    job: { triggerKind: "event", input: {} },
  },
];

export const templateByKey = (key: string) => TEMPLATES.find((t) => t.key === key) ?? null;

/** The templates with their names and descriptions in `locale`. */
export function templatesIn(locale: string) {
  return TEMPLATES.map(({ labelKey, descriptionKey, ...tpl }) => ({
    ...tpl,
    name: t(locale, labelKey),
    description: t(locale, descriptionKey),
  }));
}
