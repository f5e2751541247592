import type { ComponentChildren } from "preact";
import { Button, Card, EmptyState, Grid, useT } from "../../ui/kit.ts";

export interface HomeLink {
  name: string;
  label: string;
  icon: string;
  href: string;
}

/** "Good morning" until noon, "good afternoon" until six, then "good evening". */
export function greetingKey(hour: number): "home.morning" | "home.afternoon" | "home.evening" {
  if (hour >= 5 && hour < 12) return "home.morning";
  if (hour >= 12 && hour < 18) return "home.afternoon";
  return "home.evening";
}

/**
 * The signed-in user's day: every module's cards (what waits for them), then the modules
 * they can open, then who they are here.
 */
export function Home(
  { cards, links, roles }: {
    /** The modules' home cards, in order. */
    cards: ComponentChildren[];
    links: HomeLink[];
    /** The user's role names in this workspace. */
    roles: string[];
  },
) {
  const t = useT();
  return (
    <>
      {cards.length > 0 ? <Grid size="lg">{cards}</Grid> : (
        <Card>
          <EmptyState icon="circle-check" title={t("home.quiet")} />
        </Card>
      )}
      <Card title={t("home.quickLinks")}>
        {links.length > 0
          ? (
            <nav class="quick-links" aria-label={t("home.quickLinks")}>
              {links.map((m) => (
                <Button variant="secondary" icon={m.icon} href={m.href} data-module={m.name}>
                  {m.label}
                </Button>
              ))}
            </nav>
          )
          : <p class="muted">{t("home.noModules")}</p>}
        {roles.length > 0 && <p class="muted">{t("home.yourRoles", { roles: roles.join(", ") })}
        </p>}
      </Card>
    </>
  );
}
