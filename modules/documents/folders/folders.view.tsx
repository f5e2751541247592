import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { FolderItem } from "../files/files.view.tsx";
import { ActionForm, Empty, type Flash, FlashMessage } from "../common/common.view.tsx";

export function FoldersPanel(
  { l, folders, flash, canWrite }: {
    l: Locale;
    folders: FolderItem[];
    flash?: Flash;
    canWrite: boolean;
  },
) {
  const back = "/documents/folders";
  const branch = (parent: string | null): preact.JSX.Element | null => {
    const kids = folders.filter((f) => f.parentId === parent);
    if (!kids.length) return null;
    return (
      <ul class="docs-folder-tree">
        {kids.map((f) => (
          <li>
            <a href={`/documents/files?folder=${f.id}`}>{f.name}</a>{" "}
            {canWrite && f.access !== "view" && (
              <details class="docs-folder-actions">
                <summary>{t(l, "documents.actions")}</summary>
                <ActionForm action={`/documents/folders/${f.id}/rename`} back={back}>
                  <label for={`fr-${f.id}`}>{t(l, "documents.newName")}</label>
                  <input id={`fr-${f.id}`} name="name" value={f.name} required />
                  <button type="submit" class="secondary">{t(l, "documents.rename")}</button>
                </ActionForm>
                <ActionForm action={`/documents/folders/${f.id}/move`} back={back}>
                  <label for={`fm-${f.id}`}>{t(l, "documents.moveTo")}</label>
                  <select id={`fm-${f.id}`} name="parentId">
                    <option value="">{t(l, "documents.root")}</option>
                    {folders.filter((o) => o.id !== f.id).map((o) => (
                      <option value={o.id} selected={o.id === f.parentId}>{o.name}</option>
                    ))}
                  </select>
                  <button type="submit" class="secondary">{t(l, "documents.move")}</button>
                </ActionForm>
                <ActionForm
                  action={`/documents/folders/${f.id}/delete`}
                  back={back}
                  confirm={t(l, "documents.deleteFolderConfirm", { name: f.name })}
                >
                  <button type="submit" class="secondary">{t(l, "documents.delete")}</button>
                </ActionForm>
                {f.access === "manage" && (
                  <a href={`/documents/folders/${f.id}/permissions`}>
                    {t(l, "documents.permissions")}
                  </a>
                )}
              </details>
            )}
            {branch(f.id)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <div id="docs-panel">
      <FlashMessage flash={flash} />
      {canWrite && (
        <ActionForm action="/documents/folders/new" back={back} class="card">
          <label for="nf-name">{t(l, "documents.folderName")}</label>
          <input id="nf-name" name="name" required />
          <label for="nf-parent">{t(l, "documents.parent")}</label>
          <select id="nf-parent" name="parentId">
            <option value="">{t(l, "documents.root")}</option>
            {folders.map((o) => <option value={o.id}>{o.name}</option>)}
          </select>
          <button type="submit">{t(l, "documents.newFolder")}</button>
        </ActionForm>
      )}
      {branch(null) ?? <Empty l={l} k="documents.noFolders" />}
    </div>
  );
}

export interface PermissionsProps {
  l: Locale;
  folder: { id: string; name: string };
  inherit: boolean;
  entries: { principalType: "user" | "role"; principalId: string; level: string }[];
  members: { id: string; name: string }[];
  roles: string[];
  flash?: Flash;
}

export function PermissionsPanel(p: PermissionsProps) {
  const { l } = p;
  const back = `/documents/folders/${p.folder.id}/permissions`;
  const rows = [...p.entries, { principalType: "user" as const, principalId: "", level: "view" }];
  return (
    <div id="docs-panel">
      <FlashMessage flash={p.flash} />
      <p>
        <a href="/documents/folders">{t(l, "page.folders")}</a> / {p.folder.name}
      </p>
      <ActionForm action={back} back={back} class="card">
        <label>
          <input type="checkbox" name="inherit" value="true" checked={p.inherit} />{" "}
          {t(l, "documents.inherit")}
        </label>
        <table>
          <thead>
            <tr>
              <th>{t(l, "documents.principal")}</th>
              <th>{t(l, "documents.level")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e, i) => (
              <tr>
                <td>
                  <label class="sr-only" for={`pp-${i}`}>{t(l, "documents.principal")}</label>
                  <select id={`pp-${i}`} name="principal">
                    <option value="">—</option>
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
                          value={`role:${r}`}
                          selected={e.principalType === "role" && e.principalId === r}
                        >
                          {r}
                        </option>
                      ))}
                    </optgroup>
                  </select>
                </td>
                <td>
                  <label class="sr-only" for={`pl-${i}`}>{t(l, "documents.level")}</label>
                  <select id={`pl-${i}`} name="level">
                    {["view", "edit", "manage"].map((lv) => (
                      <option value={lv} selected={e.level === lv}>
                        {t(l, `documents.level.${lv}`)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit">{t(l, "documents.save")}</button>
      </ActionForm>
    </div>
  );
}
