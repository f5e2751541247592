import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import type { FieldDef } from "../common/ui.view.tsx";
import type { C } from "../../../shared/http/pages.ts";
import { resourcePages } from "../common/resource.pages.tsx";
import { agentOptions, memberOptions, options } from "../common/options.service.ts";
import { PRIORITIES } from "../common/common.schemas.ts";
import { Badge, formatNumber } from "../../../ui/kit.ts";
import { PriorityBadge } from "../common/ui.view.tsx";
import type { Locale } from "../../../shared/i18n/i18n.ts";
import { SlaPolicyInput, SlaPolicyUpdate } from "./sla.schemas.ts";
import type { SlaPolicy } from "./sla.schemas.ts";
import { slaService } from "./sla.service.ts";

const DAYS = ["1", "2", "3", "4", "5", "6", "0"] as const;

/** Business minutes as people say them: "45 min", "8 h", "1.5 h". */
const duration = (l: Locale, minutes: number) =>
  minutes < 60
    ? t(l, "support.minutes", { n: formatNumber(l, minutes) })
    : t(l, "support.hours", { n: formatNumber(l, minutes / 60, 1) });

/** "09:00-12:00, 13:00-18:00" ⇄ [["09:00","12:00"],["13:00","18:00"]] */
const parsePeriods = (text: string) =>
  text.split(/[,;]/).map((p) => p.trim()).filter(Boolean).map((p) => p.split(/\s*[-–]\s*/));
const showPeriods = (ps: [string, string][] | undefined) =>
  (ps ?? []).map((p) => p.join("-")).join(", ");

async function fields(c: C): Promise<FieldDef[]> {
  const members = await memberOptions(actorOf(c));
  return [
    { name: "name", labelKey: "support.field.name", required: true },
    {
      name: "timeZone",
      labelKey: "support.field.timeZone",
      required: true,
      placeholder: "Europe/Istanbul",
    },
    ...DAYS.map((d): FieldDef => ({
      name: `hours${d}`,
      labelKey: `support.weekday.${d}`,
      placeholder: "09:00-18:00",
      section: "support.sla.hours",
      sectionHintKey: d === "1" ? "support.sla.hoursHelp" : undefined,
    })),
    {
      name: "holidays",
      labelKey: "support.field.holidays",
      type: "textarea",
      hintKey: "support.sla.holidaysHelp",
      wide: true,
      section: "support.sla.hours",
    },
    ...PRIORITIES.flatMap((p): FieldDef[] => [
      {
        name: `fr_${p}`,
        labelKey: `support.sla.firstResponse.${p}`,
        section: "support.sla.targets",
        type: "number",
        min: 1,
        required: true,
      },
      {
        name: `res_${p}`,
        labelKey: `support.sla.resolution.${p}`,
        section: "support.sla.targets",
        type: "number",
        min: 1,
        required: true,
      },
    ]),
    {
      name: "warningPercent",
      section: "support.sla.targets",
      labelKey: "support.field.warningPercent",
      type: "number",
      min: 1,
      max: 99,
    },
    {
      name: "escUser",
      section: "support.sla.escalation",
      labelKey: "support.field.escalateUser",
      type: "select",
      emptyLabelKey: "support.none",
      options: members,
    },
    {
      name: "escTeam",
      section: "support.sla.escalation",
      labelKey: "support.field.escalateTeam",
      type: "select",
      emptyLabelKey: "support.none",
      options: await options(actorOf(c), "support_teams"),
    },
    {
      name: "escReassign",
      section: "support.sla.escalation",
      labelKey: "support.field.reassignTo",
      type: "select",
      emptyLabelKey: "support.none",
      options: await agentOptions(actorOf(c)),
    },
    {
      name: "escRaise",
      labelKey: "support.field.raisePriority",
      type: "checkbox",
      section: "support.sla.escalation",
    },
    { name: "isDefault", labelKey: "support.field.isDefault", type: "checkbox" },
  ];
}

function toInput(input: Record<string, unknown>, form: Record<string, string | string[]>) {
  const str = (k: string) => (typeof form[k] === "string" ? form[k] as string : "");
  const num = (k: string) => (str(k) ? Number(str(k)) : undefined);
  return {
    name: input.name,
    warningPercent: num("warningPercent") ?? 80,
    isDefault: input.isDefault,
    calendar: {
      timeZone: str("timeZone"),
      weekly: Object.fromEntries(DAYS.map((d) => [d, parsePeriods(str(`hours${d}`))])),
      holidays: str("holidays").split(/[\s,]+/).filter(Boolean),
    },
    targets: Object.fromEntries(PRIORITIES.map((p) => [p, {
      firstResponseMinutes: num(`fr_${p}`),
      resolutionMinutes: num(`res_${p}`),
    }])),
    escalation: {
      userId: str("escUser") || null,
      teamId: str("escTeam") || null,
      reassignTo: str("escReassign") || null,
      raisePriority: input.escRaise === true,
    },
  };
}

function values(r: SlaPolicy): Record<string, unknown> {
  return {
    name: r.name,
    timeZone: r.calendar.timeZone,
    ...Object.fromEntries(
      DAYS.map((
        d,
      ) => [`hours${d}`, showPeriods(r.calendar.weekly[d as "0"] as [string, string][])]),
    ),
    holidays: (r.calendar.holidays ?? []).join("\n"),
    ...Object.fromEntries(
      PRIORITIES.flatMap((
        p,
      ) => [[`fr_${p}`, r.targets[p].firstResponseMinutes], [
        `res_${p}`,
        r.targets[p].resolutionMinutes,
      ]]),
    ),
    warningPercent: r.warningPercent,
    escUser: r.escalation.userId,
    escTeam: r.escalation.teamId,
    escReassign: r.escalation.reassignTo,
    escRaise: r.escalation.raisePriority,
    isDefault: r.isDefault,
  };
}

export const mountSlaPages = (app: Hono<AppEnv>) =>
  resourcePages<SlaPolicy>(app, {
    path: "/sla-policies",
    key: "sla",
    titleKey: "page.slaPolicies",
    newKey: "support.sla.new",
    icon: "timer",
    read: "support.sla.read",
    write: "support.sla.write",
    ops: slaService,
    create: SlaPolicyInput,
    update: SlaPolicyUpdate,
    columns: [
      { labelKey: "support.field.name", value: (r) => r.name },
      { labelKey: "support.field.timeZone", value: (r) => r.calendar.timeZone },
      {
        labelKey: "support.field.targets",
        value: (r, l) => (
          <ul class="support-targets">
            {PRIORITIES.map((p) => (
              <li>
                <PriorityBadge priority={p} /> {duration(l, r.targets[p].firstResponseMinutes)} /
                {" "}
                {duration(l, r.targets[p].resolutionMinutes)}
              </li>
            ))}
          </ul>
        ),
      },
      {
        labelKey: "support.field.isDefault",
        value: (r, l) =>
          r.isDefault
            ? <Badge tone="blue">{t(l, "support.sla.default")}</Badge>
            : <span class="muted">—</span>,
      },
    ],
    fields,
    toInput,
    values,
  });
