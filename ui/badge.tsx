import type { ComponentChildren } from "preact";

export type Tone = "gray" | "blue" | "green" | "amber" | "red" | "purple" | "teal";

/**
 * One colour per state of every enumeration, so a state looks the same on every page.
 * Values are the spec's codes; the label shown is always the translated one.
 */
export const STATE_TONES: Record<string, Record<string, Tone>> = {
  ticket: { acik: "blue", islemde: "amber", cozuldu: "green", kapandi: "gray" },
  project: { planlamada: "purple", aktif: "blue", tamamlandi: "green" },
  priority: { dusuk: "gray", normal: "blue", yuksek: "amber", kritik: "red" },
  agent: { aktif: "green", pasif: "gray", hata: "red" },
  job: {
    queued: "gray",
    running: "blue",
    succeeded: "green",
    failed: "red",
    cancelled: "purple",
    timed_out: "amber",
  },
  process: {
    active: "blue",
    completed: "green",
    cancelled: "gray",
    incident: "red",
    suspended: "amber",
  },
  tenant: { active: "green", suspended: "red" },
  contract: { pending: "purple", active: "green", expiring: "amber", expired: "gray" },
  sla: { ok: "green", warning: "amber", breached: "red", met: "teal" },
};

/**
 * A small coloured label.
 *
 * Usage: `<Badge tone="green">{t("status.done")}</Badge>`
 */
export function Badge(
  { tone = "gray", children, title }: { tone?: Tone; children: ComponentChildren; title?: string },
) {
  return <span class={`badge badge-${tone}`} title={title}>{children}</span>;
}

/**
 * The badge of an enumeration value: colour from STATE_TONES, text from the caller's label.
 *
 * Usage: `<StateBadge kind="ticket" value={ticket.status} label={t(`status.${ticket.status}`)} />`
 */
export function StateBadge(
  { kind, value, label }: { kind: string; value: string; label: string },
) {
  // Called rather than nested: one component less per badge, and lists draw hundreds.
  return Badge({ tone: STATE_TONES[kind]?.[value] ?? "gray", children: label });
}
