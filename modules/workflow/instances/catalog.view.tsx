import "./instances.messages.ts";
import { Button, Card, Dialog, EmptyState, Field, Grid, Toast, useT } from "../../../ui/kit.ts";
import type { Flash } from "../../../shared/http/pages.ts";
import type { FormField } from "../common/model.lib.ts";
import type { CatalogEntry } from "./catalog.schemas.ts";
import { FormViewer } from "../forms/forms.view.tsx";

/** A submitted form again, with a message per field. */
export interface StartFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  flash?: Flash;
}

function Input({ f, value }: { f: FormField; value: string | undefined }) {
  const name = `field.${f.id}`;
  const v = value ?? f.defaultValue ?? "";
  switch (f.type) {
    case "boolean":
      return (
        <input
          type="checkbox"
          name={name}
          value="true"
          checked={v === "true" || v === "on"}
        />
      );
    case "long":
      return <input type="number" step={1} name={name} value={v} required={f.required} />;
    case "date":
      return <input type="date" name={name} value={v.slice(0, 10)} required={f.required} />;
    case "enum":
      return (
        <select name={name} required={f.required}>
          <option value=""></option>
          {(f.values ?? []).map((o) => <option value={o.id} selected={v === o.id}>{o.name}
          </option>)}
        </select>
      );
    default:
      return <input type="text" name={name} value={v} required={f.required} maxLength={10_000} />;
  }
}

/** The start form of one process (posted with htmx; answered with itself on an error). */
export function StartForm(
  { entry, state }: { entry: CatalogEntry; state?: StartFormState },
) {
  const t = useT();
  const action = `/workflow/catalog/${entry.id}/start`;
  const id = `wf-start-form-${entry.id}`;
  if (entry.formSchema) {
    return (
      <FormViewer
        schema={entry.formSchema}
        submit="/api/workflow/process"
        wrap="variables"
        extra={{ definitionId: entry.id }}
        done="/workflow/processes/{id}"
        label={t("wfi.catalog.start")}
      />
    );
  }
  return (
    <form
      id={id}
      method="post"
      action={action}
      hx-post={action}
      hx-target={`#${id}`}
      hx-swap="outerHTML"
      class="form"
    >
      <Toast flash={state?.flash} />
      {entry.fields.length === 0 && <p class="muted">{t("wfi.catalog.noForm")}</p>}
      {entry.fields.map((f) => (
        <Field
          label={f.required ? `${f.label || f.id} *` : f.label || f.id}
          error={state?.errors[f.id]}
          wide={f.type === "string"}
        >
          <Input f={f} value={state?.values[`field.${f.id}`]} />
        </Field>
      ))}
      <Field label={t("wfi.field.businessKey")}>
        <input
          type="text"
          name="businessKey"
          value={state?.values.businessKey ?? ""}
          maxLength={200}
        />
      </Field>
      <Button type="submit" icon="play">{t("wfi.catalog.start")}</Button>
    </form>
  );
}

function EntryCard({ entry }: { entry: CatalogEntry }) {
  const t = useT();
  return (
    <Card
      title={entry.name}
      actions={
        <Dialog
          id={`wf-start-${entry.id}`}
          title={t("wfi.catalog.startTitle", { name: entry.name })}
          trigger={t("wfi.catalog.start")}
          triggerLabel={t("wfi.catalog.startTitle", { name: entry.name })}
          icon="play"
          small
          closeLabel={t("wfi.close")}
          fallbackHref={`/workflow/catalog/${entry.id}/start`}
        >
          <StartForm entry={entry} />
        </Dialog>
      }
    >
      {entry.description && <p>{entry.description}</p>}
      <p class="muted">
        {t("wfi.version", { n: entry.version })} · {t("wfi.catalog.running", { n: entry.running })}
      </p>
    </Card>
  );
}

/** The catalog: one card per startable process, grouped by category. */
export function CatalogView({ entries }: { entries: CatalogEntry[] }) {
  const t = useT();
  if (!entries.length) {
    return (
      <Card>
        <EmptyState icon="library" title={t("wfi.catalog.none")}>
          {t("wfi.catalog.noneText")}
        </EmptyState>
      </Card>
    );
  }
  const groups = new Map<string, CatalogEntry[]>();
  for (const e of entries) {
    const key = e.category || t("wfi.catalog.uncategorised");
    groups.set(key, [...groups.get(key) ?? [], e]);
  }
  return (
    <div class="stack">
      {[...groups].map(([category, items]) => (
        <section aria-label={category}>
          {groups.size > 1 && <h2 class="section-title">{category}</h2>}
          <Grid size="md">
            {items.map((e) => <EntryCard entry={e} />)}
          </Grid>
        </section>
      ))}
    </div>
  );
}
