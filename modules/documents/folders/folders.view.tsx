import { type Locale, t } from "../../../shared/i18n/i18n.ts";
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

const levelLabel = (l: Locale, level: Level) => t(l, `documents.level.${level}`);

function FolderActions(
  { l, f, folders, back }: { l: Locale; f: FolderRow; folders: FolderRow[]; back: string },
) {
  if (f.access === "view" || f.access === "none") return null;
  const close = t(l, "ui.close");
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
        label={t(l, "documents.renameName", { name: f.name })}
        title={t(l, "documents.rename")}
        closeLabel={close}
      >
        <ActionForm action={`/documents/folders/${f.id}/rename`} back={back} class="form-grid">
          <Field label={t(l, "documents.newName")} wide>
            <input name="name" value={f.name} required maxLength={255} />
          </Field>
          <div class="form-actions field-wide">
            <button type="submit" class="btn btn-primary">{t(l, "documents.save")}</button>
          </div>
        </ActionForm>
      </RowDialog>
      <RowDialog
        id={`folder-move-${f.id}`}
        icon="folder-input"
        label={t(l, "documents.moveName", { name: f.name })}
        title={t(l, "documents.moveName", { name: f.name })}
        closeLabel={close}
      >
        <ActionForm action={`/documents/folders/${f.id}/move`} back={back} class="form-grid">
          <Field label={t(l, "documents.moveTo")} wide>
            <select name="parentId">
              <FolderOptions
                l={l}
                folders={folders.filter((o) => !below.has(o.id))}
                selected={f.parentId}
              />
            </select>
          </Field>
          <div class="form-actions field-wide">
            <button type="submit" class="btn btn-primary">{t(l, "documents.move")}</button>
          </div>
        </ActionForm>
      </RowDialog>
      {f.access === "manage" && (
        <IconButton
          icon="shield"
          label={t(l, "documents.permissionsOf", { name: f.name })}
          href={`/documents/folders/${f.id}/permissions`}
        />
      )}
      <ActionForm
        action={`/documents/folders/${f.id}/delete`}
        back={back}
        confirm={t(l, "documents.deleteFolderConfirm", { name: f.name })}
      >
        <IconButton
          type="submit"
          icon="trash-2"
          label={t(l, "documents.deleteName", { name: f.name })}
        />
      </ActionForm>
    </span>
  );
}

/** Every folder the caller may see, as an indented tree: rename, move, permissions, delete. */
export function FoldersPanel(
  { l, folders, flash, canWrite }: {
    l: Locale;
    folders: FolderRow[];
    flash?: Flash;
    canWrite: boolean;
  },
) {
  const back = "/documents/folders";
  return (
    <div id="docs-panel">
      <Toast flash={flash} />
      <DataTable
        id="docs-folders"
        label={t(l, "page.folders")}
        rows={flatten(folders)}
        columns={[
          {
            label: t(l, "documents.name"),
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
          { label: t(l, "documents.yourAccess"), cell: (f) => levelLabel(l, f.access) },
          {
            label: t(l, "documents.modified"),
            cell: (f) => <RelativeTime at={f.updatedAt} />,
            wide: true,
          },
        ]}
        actionsLabel={t(l, "documents.actions")}
        actions={canWrite
          ? (f) => <FolderActions l={l} f={f} folders={folders} back={back} />
          : undefined}
        empty={<EmptyState icon="folders" title={t(l, "documents.noFolders")} />}
      />
    </div>
  );
}

/** The new-folder dialog of the folders page. */
export function NewFolderDialog({ l, folders }: { l: Locale; folders: FolderRow[] }) {
  return (
    <Dialog
      id="docs-new-folder"
      title={t(l, "documents.newFolder")}
      trigger={t(l, "documents.newFolder")}
      icon="folder-plus"
      closeLabel={t(l, "ui.close")}
    >
      <ActionForm action="/documents/folders/new" back="/documents/folders" class="form-grid">
        <Field label={t(l, "documents.folderName")}>
          <input id="nf-name" name="name" required maxLength={255} />
        </Field>
        <Field label={t(l, "documents.parent")}>
          <select id="nf-parent" name="parentId">
            <FolderOptions l={l} folders={folders} />
          </select>
        </Field>
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t(l, "documents.create")}</button>
        </div>
      </ActionForm>
    </Dialog>
  );
}

export interface PermissionsProps {
  l: Locale;
  folder: { id: string; name: string };
  inherit: boolean;
  entries: { principalType: "user" | "role"; principalId: string; level: string }[];
  members: { id: string; name: string }[];
  roles: { key: string; label: string }[];
  flash?: Flash;
}

/** A folder's permissions: inherit from the parent or not, and who gets which access. */
export function PermissionsPanel(p: PermissionsProps) {
  const { l } = p;
  const back = `/documents/folders/${p.folder.id}/permissions`;
  // One empty row to add someone.
  const rows = [...p.entries, { principalType: "user" as const, principalId: "", level: "view" }]
    .map((e, i) => ({ ...e, i }));
  return (
    <div id="docs-panel">
      <Toast flash={p.flash} />
      <Card>
        <ActionForm action={back} back={back} class="docs-permissions">
          <p class="muted">{t(l, "documents.permissionsHint")}</p>
          <div class="checks">
            <label>
              <input type="checkbox" name="inherit" value="true" checked={p.inherit} />
              {t(l, "documents.inherit")}
            </label>
          </div>
          <DataTable
            id="docs-acl"
            label={t(l, "documents.permissions")}
            rows={rows}
            columns={[
              {
                label: t(l, "documents.principal"),
                cell: (e) => (
                  <>
                    <label class="sr-only" for={`pp-${e.i}`}>{t(l, "documents.principal")}</label>
                    <select id={`pp-${e.i}`} name={`principal-${e.i}`}>
                      <option value="">{t(l, "documents.nobody")}</option>
                      <optgroup label={t(l, "documents.users")}>
                        {p.members.map((m) => (
                          <option
                            value={`user:${m.id}`}
                            selected={e.principalType === "user" && e.principalId === m.id}
                          >
                            {m.name}
                          </option>
                        ))}
                      </optgroup>
                      <optgroup label={t(l, "documents.groups")}>
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
                label: t(l, "documents.level"),
                cell: (e) => (
                  <>
                    <label class="sr-only" for={`pl-${e.i}`}>{t(l, "documents.level")}</label>
                    <select id={`pl-${e.i}`} name={`level-${e.i}`}>
                      {["view", "edit", "manage"].map((lv) => (
                        <option value={lv} selected={e.level === lv}>
                          {t(l, `documents.level.${lv}`)}
                        </option>
                      ))}
                    </select>
                  </>
                ),
              },
            ]}
          />
          <div class="form-actions">
            <button type="submit" class="btn btn-primary">{t(l, "documents.save")}</button>
          </div>
        </ActionForm>
      </Card>
    </div>
  );
}
