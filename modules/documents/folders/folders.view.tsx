import {
  Card,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Icon,
  IconButton,
  RelativeTime,
  Toast,
  type Translate,
  useT,
} from "../../../ui/kit.ts";
import type { Level } from "../access/access.rules.ts";
import { ActionForm, type Flash, RowDialog } from "../common/common.view.tsx";
import { type FolderItem, FolderOptions } from "../files/files.view.tsx";

export interface FolderRow extends FolderItem {
  updatedAt: string;
}

/** The tree flattened in display order, each folder with its depth. */
function flatten(folders: FolderRow[]): (FolderRow & { depth: number })[] {
  const out: (FolderRow & { depth: number })[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const f of folders.filter((x) => x.parentId === parent)) {
      out.push({ ...f, depth });
      walk(f.id, depth + 1);
    }
  };
  walk(null, 0);
  // Folders whose parent the caller cannot see start their own branch.
  const shown = new Set(out.map((f) => f.id));
  for (const f of folders) {
    if (!shown.has(f.id) && !folders.some((x) => x.id === f.parentId)) {
      out.push({ ...f, depth: 0 });
      walk(f.id, 1);
    }
  }
  return out;
}

const levelLabel = (t: Translate, level: Level) => t(`documents.level.${level}`);

function FolderActions(
  { f, folders, back }: { f: FolderRow; folders: FolderRow[]; back: string },
) {
  const t = useT();
  if (f.access === "view" || f.access === "none") return null;
  const close = t("ui.close");
  // A folder cannot move into itself or below itself.
  const below = new Set([f.id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const x of folders) {
      if (x.parentId && below.has(x.parentId) && !below.has(x.id)) (below.add(x.id), grew = true);
    }
  }
  return (
    <span class="docs-row-actions">
      <RowDialog
        id={`folder-rename-${f.id}`}
        icon="pencil"
        label={t("documents.renameName", { name: f.name })}
        title={t("documents.rename")}
        closeLabel={close}
      >
        <ActionForm action={`/documents/folders/${f.id}/rename`} back={back} class="form-grid">
          <Field label={t("documents.newName")} wide>
            <input name="name" value={f.name} required maxLength={255} />
          </Field>
          <div class="form-actions field-wide">
            <button type="submit" class="btn btn-primary">{t("documents.save")}</button>
          </div>
        </ActionForm>
      </RowDialog>
      <RowDialog
        id={`folder-move-${f.id}`}
        icon="folder-input"
        label={t("documents.moveName", { name: f.name })}
        title={t("documents.moveName", { name: f.name })}
        closeLabel={close}
      >
        <ActionForm action={`/documents/folders/${f.id}/move`} back={back} class="form-grid">
          <Field label={t("documents.moveTo")} wide>
            <select name="parentId">
              <FolderOptions
                folders={folders.filter((o) => !below.has(o.id))}
                selected={f.parentId}
              />
            </select>
          </Field>
          <div class="form-actions field-wide">
            <button type="submit" class="btn btn-primary">{t("documents.move")}</button>
          </div>
        </ActionForm>
      </RowDialog>
      {f.access === "manage" && (
        <IconButton
          icon="shield"
          label={t("documents.permissionsOf", { name: f.name })}
          href={`/documents/folders/${f.id}/permissions`}
        />
      )}
      <ActionForm
        action={`/documents/folders/${f.id}/delete`}
        back={back}
        confirm={t("documents.deleteFolderConfirm", { name: f.name })}
      >
        <IconButton
          type="submit"
          icon="trash-2"
          label={t("documents.deleteName", { name: f.name })}
        />
      </ActionForm>
    </span>
  );
}

/** Every folder the caller may see, as an indented tree: rename, move, permissions, delete. */
export function FoldersPanel(
  { folders, flash, canWrite }: {
    folders: FolderRow[];
    flash?: Flash;
    canWrite: boolean;
  },
) {
  const t = useT();
  const back = "/documents/folders";
  return (
    <div id="docs-panel">
      <Toast flash={flash} />
      <DataTable
        id="docs-folders"
        label={t("page.folders")}
        rows={flatten(folders)}
        columns={[
          {
            label: t("documents.name"),
            cell: (f) => (
              <a
                class={`docs-name docs-depth-${Math.min(f.depth, 6)}`}
                href={`/documents/files?folder=${f.id}`}
              >
                <Icon name="folder" size={16} />
                <span>{f.name}</span>
              </a>
            ),
          },
          { label: t("documents.yourAccess"), cell: (f) => levelLabel(t, f.access) },
          {
            label: t("documents.modified"),
            cell: (f) => <RelativeTime at={f.updatedAt} />,
            wide: true,
          },
        ]}
        actionsLabel={t("documents.actions")}
        actions={canWrite
          ? (f) => <FolderActions f={f} folders={folders} back={back} />
          : undefined}
        empty={<EmptyState icon="folders" title={t("documents.noFolders")} />}
      />
    </div>
  );
}

/** The new-folder dialog of the folders page. */
export function NewFolderDialog({ folders }: { folders: FolderRow[] }) {
  const t = useT();
  return (
    <Dialog
      id="docs-new-folder"
      title={t("documents.newFolder")}
      trigger={t("documents.newFolder")}
      icon="folder-plus"
      closeLabel={t("ui.close")}
    >
      <ActionForm action="/documents/folders/new" back="/documents/folders" class="form-grid">
        <Field label={t("documents.folderName")}>
          <input id="nf-name" name="name" required maxLength={255} />
        </Field>
        <Field label={t("documents.parent")}>
          <select id="nf-parent" name="parentId">
            <FolderOptions folders={folders} />
          </select>
        </Field>
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t("documents.create")}</button>
        </div>
      </ActionForm>
    </Dialog>
  );
}

export interface PermissionsProps {
  folder: { id: string; name: string };
  inherit: boolean;
  entries: { principalType: "user" | "role"; principalId: string; level: string }[];
  members: { id: string; name: string }[];
  roles: { key: string; label: string }[];
  flash?: Flash;
}

/** A folder's permissions: inherit from the parent or not, and who gets which access. */
export function PermissionsPanel(p: PermissionsProps) {
  const t = useT();
  const back = `/documents/folders/${p.folder.id}/permissions`;
  // One empty row to add someone.
  const rows = [...p.entries, { principalType: "user" as const, principalId: "", level: "view" }]
    .map((e, i) => ({ ...e, i }));
  return (
    <div id="docs-panel">
      <Toast flash={p.flash} />
      <Card>
        <ActionForm action={back} back={back} class="docs-permissions">
          <p class="muted">{t("documents.permissionsHint")}</p>
          <div class="checks">
            <label>
              <input type="checkbox" name="inherit" value="true" checked={p.inherit} />
              {t("documents.inherit")}
            </label>
          </div>
          <DataTable
            id="docs-acl"
            label={t("documents.permissions")}
            rows={rows}
            columns={[
              {
                label: t("documents.principal"),
                cell: (e) => (
                  <>
                    <label class="sr-only" for={`pp-${e.i}`}>{t("documents.principal")}</label>
                    <select id={`pp-${e.i}`} name={`principal-${e.i}`}>
                      <option value="">{t("documents.nobody")}</option>
                      <optgroup label={t("documents.users")}>
                        {p.members.map((m) => (
                          <option
                            value={`user:${m.id}`}
                            selected={e.principalType === "user" && e.principalId === m.id}
                          >
                            {m.name}
                          </option>
                        ))}
                      </optgroup>
                      <optgroup label={t("documents.groups")}>
                        {p.roles.map((r) => (
                          <option
                            value={`role:${r.key}`}
                            selected={e.principalType === "role" && e.principalId === r.key}
                          >
                            {r.label}
                          </option>
                        ))}
                      </optgroup>
                    </select>
                  </>
                ),
              },
              {
                label: t("documents.level"),
                cell: (e) => (
                  <>
                    <label class="sr-only" for={`pl-${e.i}`}>{t("documents.level")}</label>
                    <select id={`pl-${e.i}`} name={`level-${e.i}`}>
                      {(["view", "edit", "manage"] as const).map((lv) => (
                        <option value={lv} selected={e.level === lv}>
                          {t(`documents.level.${lv}`)}
                        </option>
                      ))}
                    </select>
                  </>
                ),
              },
            ]}
          />
          <div class="form-actions">
            <button type="submit" class="btn btn-primary">{t("documents.save")}</button>
          </div>
        </ActionForm>
      </Card>
    </div>
  );
}
