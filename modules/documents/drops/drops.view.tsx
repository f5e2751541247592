import { Document } from "../../../ui/document.tsx";
import {
  Badge,
  Card,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  type Flash,
  formatBytes,
  Icon,
  IconButton,
  RelativeTime,
  Toast,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { ActionForm } from "../common/common.view.tsx";
import { NewLink } from "../shares/shares.view.tsx";
import type { DropState } from "./drops.lib.ts";
import "./drops.messages.ts";
import "../shares/shares.messages.ts";

export interface DropItem {
  id: string;
  label: string;
  state: DropState;
  hasPassword: boolean;
  maxFileBytes: number;
  maxTotalBytes: number | null;
  usedBytes: number;
  uploadCount: number;
  expiresAt: string | null;
  createdByName: string | null;
  createdAt: string;
}

const TONE = { active: "green", expired: "gray", revoked: "red" } as const;

/** The form of a new drop link (in the folder view's dialog, and on the links page). */
export function DropForm({ folderId, back }: { folderId: string; back: string }) {
  const t = useT();
  return (
    <ActionForm action={`/documents/folders/${folderId}/drops`} back={back} class="form-grid">
      <p class="muted field-wide">{t("documents.drops.intro")}</p>
      <Field label={t("documents.drops.label")} wide>
        <input id="drop-label" name="label" type="text" maxLength={200} />
      </Field>
      <Field label={t("documents.drops.message")} wide>
        <textarea id="drop-message" name="message" rows={3} maxLength={2000}></textarea>
      </Field>
      <Field label={t("documents.expiry")}>
        <input id="drop-expiry" name="expiresAt" type="date" />
      </Field>
      <Field label={t("documents.linkPassword")} hint={t("documents.linkPasswordHint")}>
        <input
          id="drop-password"
          name="password"
          type="password"
          autocomplete="new-password"
          minLength={4}
          maxLength={200}
        />
      </Field>
      <Field label={t("documents.drops.maxFile")}>
        <input id="drop-max-file" name="maxFileMb" type="number" min={1} value="100" required />
      </Field>
      <Field label={t("documents.drops.maxTotal")}>
        <input id="drop-max-total" name="maxTotalMb" type="number" min={1} />
      </Field>
      <div class="form-actions field-wide">
        <button type="submit" class="btn btn-primary">
          <Icon name="link" size={16} />
          <span>{t("documents.drops.create")}</span>
        </button>
      </div>
    </ActionForm>
  );
}

/** The folder view's "File drop link" action: a dialog with the form. */
export function DropDialog(
  { folderId, folderName, back }: { folderId: string; folderName: string; back: string },
) {
  const t = useT();
  return (
    <Dialog
      id="docs-drop"
      title={t("documents.drops.dialogTitle", { name: folderName })}
      trigger={t("documents.drops.action")}
      icon="inbox"
      variant="secondary"
      closeLabel={t("ui.close")}
      fallbackHref={`/documents/folders/${folderId}/drops`}
    >
      <DropForm folderId={folderId} back={back} />
    </Dialog>
  );
}

/** A folder's drop links: the one made just now, the list with revoke, and a new one. */
export function DropsPanel(
  { folderId, folderName, drops, newLink, flash, back }: {
    folderId: string;
    folderName: string;
    drops: DropItem[];
    newLink?: string;
    flash?: Flash;
    back: string;
  },
) {
  const t = useT();
  const { locale } = useReader();
  return (
    <div class="docs">
      <Toast flash={flash} />
      {newLink && (
        <NewLink link={newLink} id="docs-drop-link" label={t("documents.drops.newLink")} />
      )}
      <p>
        <a href={`/documents/files?folder=${folderId}`}>
          <Icon name="corner-left-up" size={16} /> {t("documents.drops.back")}
        </a>
      </p>
      <DataTable
        id="docs-drops"
        label={t("documents.drops.pageTitle", { name: folderName })}
        rows={drops}
        columns={[
          {
            label: t("documents.name"),
            cell: (d) => (
              <span>
                {d.label || t("documents.drops.untitled")}
                {d.hasPassword && (
                  <span class="muted">
                    {" "}
                    <Icon name="lock" size={14} />
                    <span class="sr-only">{t("documents.drops.passwordSet")}</span>
                  </span>
                )}
              </span>
            ),
          },
          {
            label: t("documents.state"),
            cell: (d) => <Badge tone={TONE[d.state]}>{t(`documents.shareState.${d.state}`)}</Badge>,
          },
          {
            label: t("documents.expires"),
            cell: (
              d,
            ) => (d.expiresAt ? <DateTime at={d.expiresAt} dateOnly /> : t("documents.never")),
            wide: true,
          },
          {
            label: t("documents.drops.uploads"),
            cell: (d) => String(d.uploadCount),
            numeric: true,
          },
          {
            label: t("documents.drops.used"),
            cell: (d) => formatBytes(locale, d.usedBytes),
            numeric: true,
            wide: true,
          },
          {
            label: t("documents.drops.createdBy"),
            cell: (d) => (
              <span>
                <UserChip name={d.createdByName} /> <RelativeTime at={d.createdAt} />
              </span>
            ),
            wide: true,
          },
        ]}
        actionsLabel={t("documents.actions")}
        actions={(d) =>
          d.state === "active" && (
            <ActionForm action={`/documents/drops/${d.id}/revoke`} back={back}>
              <IconButton
                type="submit"
                icon="unlink"
                label={t("documents.drops.revokeName", {
                  name: d.label || t("documents.drops.untitled"),
                })}
              />
            </ActionForm>
          )}
        empty={<EmptyState icon="inbox" title={t("documents.drops.none")} />}
      />
      <Card title={t("documents.drops.action")}>
        <DropForm folderId={folderId} back={back} />
      </Card>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The public page (no shell, no session).

export interface DropPublicView {
  workspace: { name: string; logo: string | null; accentColor: string | null };
  label: string;
  message: string;
  maxFileBytes: number;
  expiresAt: string | null;
  uploads: { name: string; size: number; createdAt: string }[];
}

export type DropPageState =
  | { kind: "open"; view: DropPublicView; flash?: Flash }
  | { kind: "password"; view: DropPublicView; error?: string }
  | { kind: "gone"; view: DropPublicView }
  | { kind: "unknown" };

function Brand({ workspace }: { workspace: DropPublicView["workspace"] }) {
  return (
    <p class="docs-drop-brand">
      {workspace.logo
        ? <img src={workspace.logo} alt="" height={32} />
        : <span class="docs-drop-initial" aria-hidden="true">{workspace.name.slice(0, 1)}</span>}
      <span>{workspace.name}</span>
    </p>
  );
}

function Uploads({ uploads }: { uploads: DropPublicView["uploads"] }) {
  const t = useT();
  const { locale } = useReader();
  return (
    <Card title={t("documents.drops.yours")} flush>
      <DataTable
        id="drop-uploads"
        label={t("documents.drops.yours")}
        rows={uploads}
        columns={[
          { label: t("documents.name"), cell: (u) => <span class="docs-name">{u.name}</span> },
          { label: t("documents.size"), cell: (u) => formatBytes(locale, u.size), numeric: true },
          {
            label: t("documents.drops.when"),
            cell: (u) => <RelativeTime at={u.createdAt} />,
            wide: true,
          },
        ]}
        empty={<EmptyState icon="inbox" title={t("documents.drops.yoursEmpty")} />}
      />
    </Card>
  );
}

/** /drop/:token — upload files into a folder without seeing it. */
export function DropPublicPage({ token, state }: { token: string; state: DropPageState }) {
  const t = useT();
  const { locale } = useReader();
  const view = state.kind === "unknown" ? undefined : state.view;
  const title = state.kind === "unknown"
    ? t("documents.drops.unknownTitle")
    : state.kind === "gone"
    ? t("documents.drops.goneTitle")
    : view!.label || t("documents.drops.publicTitle", { name: view!.workspace.name });
  const action = `/drop/${token}`;
  return (
    <Document
      locale={locale}
      title={`${title} · ${view?.workspace.name ?? t("app.name")}`}
      accent={view?.workspace.accentColor ?? undefined}
    >
      <body class="standalone">
        <link rel="stylesheet" href="/assets/documents.css" />
        <main id="content" class="docs-public docs-drop-page">
          {view && <Brand workspace={view.workspace} />}
          <p class="docs-public-kicker">
            <Icon name="inbox" size={16} />
            <span>{t("documents.drops.kicker")}</span>
          </p>
          <h1>{title}</h1>
          {state.kind === "unknown" && <p>{t("documents.drops.unknownBody")}</p>}
          {state.kind === "gone" && <p>{t("documents.drops.goneBody")}</p>}
          {state.kind === "password" && (
            <>
              <Toast flash={state.error ? { kind: "error", text: state.error } : undefined} />
              <Card>
                <form method="post" action={action} class="form-grid">
                  <Field
                    label={t("documents.password")}
                    hint={t("documents.drops.passwordAsk")}
                    wide
                  >
                    <input
                      id="drop-pw"
                      name="password"
                      type="password"
                      autocomplete="current-password"
                      required
                      autofocus
                    />
                  </Field>
                  <div class="form-actions field-wide">
                    <button type="submit" class="btn btn-primary">
                      <Icon name="lock-open" size={16} />
                      <span>{t("documents.open")}</span>
                    </button>
                  </div>
                </form>
              </Card>
            </>
          )}
          {state.kind === "open" && (
            <>
              <Toast flash={state.flash} />
              {state.view.message && <p class="docs-drop-message">{state.view.message}</p>}
              <p class="muted">
                {t("documents.drops.publicHint", { name: state.view.workspace.name })}
              </p>
              {state.view.expiresAt && (
                <p class="muted">
                  {t("documents.linkExpires")} <DateTime at={state.view.expiresAt} dateOnly />
                </p>
              )}
              <Card>
                <form
                  method="post"
                  action={`${action}/upload`}
                  enctype="multipart/form-data"
                  class="form-grid"
                >
                  <Field
                    label={t("documents.drops.chooseFiles")}
                    hint={t("documents.drops.limit", {
                      size: formatBytes(locale, state.view.maxFileBytes),
                    })}
                    wide
                  >
                    <input id="drop-files" type="file" name="file" multiple required />
                  </Field>
                  <div class="form-actions field-wide">
                    <button type="submit" class="btn btn-primary">
                      <Icon name="upload" size={16} />
                      <span>{t("documents.drops.send")}</span>
                    </button>
                  </div>
                </form>
              </Card>
              <Uploads uploads={state.view.uploads} />
            </>
          )}
        </main>
      </body>
    </Document>
  );
}
