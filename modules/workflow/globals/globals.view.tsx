/** The global variables page: the list, a create/edit dialog per variable, delete. */
import {
  Badge,
  Button,
  type Column,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  formatTimesIn,
  RelativeTime,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { preview } from "./globals.rules.ts";
import { type Global, GLOBAL_TYPES } from "./globals.schemas.ts";

const BASE = "/workflow/admin/variables";

/** The value as people read it: times in it as the kit's dates, formatted before the cut. */
function ValueText({ g }: { g: Global }) {
  const t = useT();
  const { locale, timeZone } = useReader();
  if (g.type === "boolean") return t(g.value ? "workflow.globals.true" : "workflow.globals.false");
  if (g.type === "secret") return preview(g.type, g.value);
  const text = g.type === "text" ? String(g.value ?? "") : JSON.stringify(g.value);
  return preview("text", formatTimesIn(locale, text, timeZone));
}

export function GlobalsTable({ rows, canWrite }: { rows: Global[]; canWrite: boolean }) {
  const t = useT();
  const columns: Column<Global>[] = [
    { label: t("workflow.globals.col.name"), cell: (g) => <code>{g.name}</code> },
    {
      label: t("workflow.globals.col.type"),
      cell: (g) => (
        <Badge tone={g.type === "secret" ? "purple" : "teal"}>
          {t(`workflow.globals.type.${g.type}`)}
        </Badge>
      ),
    },
    {
      label: t("workflow.globals.col.value"),
      cell: (g) => (
        <span class="muted">
          <ValueText g={g} />
        </span>
      ),
    },
    { label: t("workflow.globals.col.description"), cell: (g) => g.description, wide: true },
    {
      label: t("workflow.globals.col.updated"),
      cell: (g) => (
        <span>
          <RelativeTime at={g.updatedAt} />
          {g.updatedByName && <>{" "}{t("workflow.globals.by", { name: g.updatedByName })}</>}
        </span>
      ),
      wide: true,
    },
  ];
  return (
    <DataTable
      id="globals"
      label={t("page.globalVariables")}
      columns={columns}
      rows={rows}
      empty={<EmptyState icon="variable" title={t("workflow.globals.empty")} />}
      actions={canWrite
        ? (g) => (
          <>
            <GlobalDialog value={g} />
            <form
              method="post"
              action={`${BASE}/${g.name}/delete`}
              hx-post={`${BASE}/${g.name}/delete`}
              hx-confirm={t("workflow.globals.deleteConfirm", { name: g.name })}
            >
              <Button type="submit" variant="ghost" small icon="trash-2">
                {t("workflow.globals.delete")}
              </Button>
            </form>
          </>
        )
        : undefined}
    />
  );
}

/** Create (no value) or edit one variable; a secret's value is never put back in the form. */
export function GlobalDialog({ value }: { value?: Global }) {
  const t = useT();
  const id = value ? `edit-global-${value.name}` : "new-global";
  const shown = !value || value.type === "secret"
    ? ""
    : value.type === "text"
    ? String(value.value ?? "")
    : JSON.stringify(value.value, null, value.type === "json" ? 2 : 0);
  return (
    <Dialog
      id={id}
      title={value
        ? t("workflow.globals.editNamed", { name: value.name })
        : t("workflow.globals.new")}
      trigger={value ? t("workflow.globals.edit") : t("workflow.globals.new")}
      triggerLabel={value ? t("workflow.globals.editNamed", { name: value.name }) : undefined}
      icon={value ? "pencil" : "plus"}
      iconOnly={!!value}
      closeLabel={t("workflow.globals.close")}
    >
      <form class="form" method="post" action={BASE}>
        {value
          ? <input type="hidden" name="name" value={value.name} />
          : (
            <Field label={t("workflow.globals.field.name")}>
              <input
                name="name"
                required
                maxLength={63}
                pattern="[A-Za-z_][A-Za-z0-9_]*"
                autocomplete="off"
              />
            </Field>
          )}
        <Field label={t("workflow.globals.field.type")}>
          <select name="type">
            {GLOBAL_TYPES.map((ty) => (
              <option value={ty} selected={value?.type === ty}>
                {t(`workflow.globals.type.${ty}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={value?.type === "secret"
            ? t("workflow.globals.field.secretKeep")
            : t("workflow.globals.field.value")}
        >
          <textarea name="value" rows={3} autocomplete="off">{shown}</textarea>
        </Field>
        <Field label={t("workflow.globals.field.description")}>
          <input name="description" maxLength={500} value={value?.description ?? ""} />
        </Field>
        <button type="submit" class="btn btn-primary">{t("workflow.globals.save")}</button>
      </form>
    </Dialog>
  );
}
