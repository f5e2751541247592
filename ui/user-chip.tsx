/** Two initials: "Ayşe Yılmaz" → "AY", "support@x" → "S". */
export function initials(name: string): string {
  const parts = name.trim().split(/[\s@._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts.slice(0, 1);
  return letters.map((p) => p[0]).join("").toLocaleUpperCase("tr-TR") || "?";
}

/** A stable colour (one of 8) per name, so a person keeps their colour on every page. */
export function hue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) % 8;
  return h;
}

/**
 * A person: avatar initials and name. `compact` shows only the avatar (name on hover).
 *
 * Usage: `<UserChip name={task.assigneeName} />`, `<UserChip name={null} none={t("unassigned")} />`
 */
export function UserChip(
  { name, compact, none = "—" }: {
    name: string | null | undefined;
    compact?: boolean;
    none?: string;
  },
) {
  if (!name) return <span class="muted">{none}</span>;
  return (
    <span class="user-chip" title={compact ? name : undefined}>
      <span class="avatar" aria-hidden="true" data-hue={hue(name)}>
        {initials(name)}
      </span>
      {compact ? <span class="sr-only">{name}</span> : <span class="user-name">{name}</span>}
    </span>
  );
}
