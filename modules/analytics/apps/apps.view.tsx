/** The applications list: one card per application with the reader's level; create/edit. */
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  Field,
  Grid,
  RelativeTime,
  type Tone,
  useT,
} from "../../../ui/kit.ts";
import type { AppLevel } from "./access.rules.ts";
import type { App } from "./apps.schemas.ts";

export const BASE = "/analytics/apps";

const LEVEL_TONES: Record<AppLevel, Tone> = { view: "gray", edit: "blue", manage: "purple" };

export function LevelBadge({ level }: { level: AppLevel }) {
  const t = useT();
  return <Badge tone={LEVEL_TONES[level]}>{t(`analytics.apps.level.${level}`)}</Badge>;
}

export function AppCards({ apps, canCreate }: { apps: App[]; canCreate: boolean }) {
  const t = useT();
  if (apps.length === 0) {
    return (
      <Card>
        <EmptyState
          icon="layout-dashboard"
          title={t(canCreate ? "analytics.apps.empty" : "analytics.apps.emptyReader")}
        />
      </Card>
    );
  }
  return (
    <Grid>
      {apps.map((a) => (
        <Card
          title={
            <a href={`${BASE}/${a.id}`} aria-label={t("analytics.apps.open", { name: a.name })}>
              {a.name}
            </a>
          }
          actions={<LevelBadge level={a.level} />}
        >
          <div data-app={a.id}>
            {a.description && <p class="prewrap">{a.description}</p>}
            <dl class="facts">
              <div>
                <dt>{t("analytics.apps.sheets")}</dt>
                <dd>{a.sheetCount}</dd>
              </div>
              {a.createdByName && (
                <div>
                  <dt>{t("analytics.apps.creator")}</dt>
                  <dd>{a.createdByName}</dd>
                </div>
              )}
              <div>
                <dt>{t("analytics.apps.updated")}</dt>
                <dd>
                  <RelativeTime at={a.updatedAt} />
                </dd>
              </div>
            </dl>
          </div>
        </Card>
      ))}
    </Grid>
  );
}

/** Create (no value) or edit an application. */
export function AppDialog({ value }: { value?: App }) {
  const t = useT();
  const action = value ? `${BASE}/${value.id}` : BASE;
  return (
    <Dialog
      id={value ? "edit-app" : "new-app"}
      title={t(value ? "analytics.apps.edit" : "analytics.apps.new")}
      trigger={t(value ? "analytics.apps.edit" : "analytics.apps.new")}
      icon={value ? "pencil" : "plus"}
      variant={value ? "secondary" : "primary"}
      closeLabel={t("analytics.apps.close")}
    >
      <form class="form" method="post" action={action}>
        <Field label={t("analytics.apps.field.name")}>
          <input name="name" required maxLength={120} value={value?.name ?? ""} />
        </Field>
        <Field label={t("analytics.apps.field.description")}>
          <textarea name="description" rows={3} maxLength={1000}>
            {value?.description ?? ""}
          </textarea>
        </Field>
        <button type="submit" class="btn btn-primary">{t("analytics.apps.save")}</button>
      </form>
    </Dialog>
  );
}

export function DeleteAppButton({ app }: { app: App }) {
  const t = useT();
  return (
    <form
      method="post"
      action={`${BASE}/${app.id}/delete`}
      hx-post={`${BASE}/${app.id}/delete`}
      hx-confirm={t("analytics.apps.deleteConfirm", { name: app.name })}
    >
      <Button type="submit" variant="danger" icon="trash-2">
        {t("analytics.apps.delete")}
      </Button>
    </form>
  );
}
