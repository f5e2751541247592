import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Badge, html } from "../../../ui/kit.ts";
import { resourcePages } from "../common/resource.pages.tsx";
import { NumberingTemplateInput, NumberingTemplateUpdate } from "./numbering.schemas.ts";
import type { NumberingTemplate } from "./numbering.schemas.ts";
import { numberingService, previewNext } from "./numbering.service.ts";
import { previewPattern, type Reset } from "./numbering.pattern.rules.ts";
import { NumberPreview, PatternTry } from "./numbering.view.tsx";

const RESETS: Reset[] = ["never", "yearly", "monthly"];

export const mountNumberingPages = (app: Hono<AppEnv>) => {
  app.get("/numbering/preview", requirePermission("support.template.read"), (c) => {
    const pattern = (c.req.query("pattern") ?? "").slice(0, 100);
    const reset = RESETS.find((r) => r === c.req.query("reset")) ?? "never";
    return html(c, <NumberPreview text={previewPattern(pattern, reset)} />);
  });
  resourcePages<NumberingTemplate & { next?: string }>(app, {
    path: "/numbering",
    key: "numbering",
    titleKey: "page.numbering",
    newKey: "support.numbering.new",
    icon: "hash",
    read: "support.template.read",
    write: "support.template.write",
    ops: {
      ...numberingService,
      // Each row shows the number its template would give next.
      list: async (actor, input) => {
        const page = await numberingService.list(actor, input);
        const items = [];
        for (const r of page.items) {
          items.push({ ...r, next: (await previewNext(actor, { id: r.id })).next });
        }
        return { items, nextCursor: page.nextCursor };
      },
    },
    create: NumberingTemplateInput,
    update: NumberingTemplateUpdate,
    columns: [
      { labelKey: "support.field.name", value: (r) => r.name },
      { labelKey: "support.field.pattern", value: (r) => <code>{r.pattern}</code> },
      { labelKey: "support.field.reset", value: (r, l) => t(l, `support.reset.${r.reset}`) },
      { labelKey: "support.field.nextNumber", value: (r) => <code>{r.next}</code> },
      {
        labelKey: "support.field.active",
        value: (r, l) =>
          r.active
            ? <Badge tone="green">{t(l, "support.active")}</Badge>
            : <span class="muted">{t(l, "support.inactive")}</span>,
      },
    ],
    fields: (c) => [
      { name: "name", labelKey: "support.field.name", required: true },
      {
        name: "pattern",
        labelKey: "support.field.pattern",
        required: true,
        placeholder: "SUP-{YYYY}-{SEQ:5}",
        hintKey: "support.numbering.help",
      },
      {
        name: "reset",
        labelKey: "support.field.reset",
        type: "select",
        options: RESETS.map((r) => [r, t(c.var.locale, `support.reset.${r}`)]),
      },
      { name: "active", labelKey: "support.field.active", type: "checkbox" },
    ],
    extra: () => Promise.resolve(<PatternTry />),
  });
};
