import type { ComponentChildren } from "preact";
import { type Locale, t } from "../../shared/i18n/i18n.ts";
import { Button, Card, EmptyState, Grid } from "../../ui/kit.ts";

export interface HomeLink {
  name: string;
  label: string;
  icon: string;
  href: string;
}

/** "Good morning" until noon, "good afternoon" until six, then "good evening". */
export function greetingKey(hour: number) {
  if (hour >= 5 && hour < 12) return "home.morning";
  if (hour >= 12 && hour < 18) return "home.afternoon";
  return "home.evening";
}

/**
 * The signed-in user's day: every module's cards (what waits for them), then the modules
 * they can open, then who they are here.
 */
export function Home(
  { l, cards, links, roles }: {
    l: Locale;
    /** The modules' home cards, in order. */
    cards: ComponentChildren[];
    links: HomeLink[];
    /** The user's role names in this workspace. */
    roles: string[];
  },
) {
  return (
    <>
      {cards.length > 0 ? <Grid size="lg">{cards}</Grid> : (
        <Card>
          <EmptyState icon="circle-check" title={t(l, "home.quiet")} />
        </Card>
      )}
      <Card title={t(l, "home.quickLinks")}>
        {links.length > 0
          ? (
            <nav class="quick-links" aria-label={t(l, "home.quickLinks")}>
              {links.map((m) => (
                <Button variant="secondary" icon={m.icon} href={m.href} data-module={m.name}>
                  {m.label}
                </Button>
              ))}
            </nav>
          )
          : <p class="muted">{t(l, "home.noModules")}</p>}
        {roles.length > 0 && (
          <p class="muted">{t(l, "home.yourRoles", { roles: roles.join(", ") })}</p>
        )}
      </Card>
    </>
  );
}
