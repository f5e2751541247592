import {
  Badge,
  DataTable,
  DateTime,
  EmptyState,
  Field,
  Icon,
  IconButton,
  type Tone,
  type Translate,
  useT,
} from "../../../ui/kit.ts";
import { ActionForm } from "../common/common.view.tsx";

export interface ShareItem {
  id: string;
  kind: "user" | "group" | "public";
  principalId: string | null;
  principalName: string | null;
  level: "view" | "edit";
  expiresAt: string | null;
  hasPassword: boolean;
  state: "active" | "expired" | "revoked";
  accessCount: number;
}

/** Who may share with whom: members by name, roles (groups) by their label. */
export interface ShareChoices {
  members: { id: string; name: string }[];
  roles: { key: string; label: string }[];
}

const STATE_TONE: Record<string, Tone> = { active: "green", expired: "amber", revoked: "gray" };
const KIND_ICON: Record<string, string> = { public: "globe", user: "user", group: "users" };

/** Who a share is for, as people read it. */
function shareTarget(t: Translate, s: ShareItem, roles: ShareChoices["roles"]) {
  if (s.kind === "public") return t("documents.shareKind.public");
  if (s.kind === "group") {
    const role = roles.find((r) => r.key === s.principalId);
    return `${t("documents.shareKind.group")}: ${role?.label ?? s.principalName ?? "—"}`;
  }
  return s.principalName ?? t("documents.formerMember");
}

/** The shares of a file or folder: who, access, state, expiry, how often opened; revoke. */
export function SharesTable(
  { shares, back, canEdit, roles }: {
    shares: ShareItem[];
    back: string;
    canEdit: boolean;
    roles: ShareChoices["roles"];
  },
) {
  const t = useT();
  return (
    <DataTable
      id="docs-shares"
      label={t("documents.shares")}
      rows={shares}
      columns={[
        {
          label: t("documents.shareWith"),
          cell: (s) => (
            <span class="docs-name">
              <Icon name={KIND_ICON[s.kind] ?? "share-2"} size={16} />
              <span>{shareTarget(t, s, roles)}</span>
              {s.hasPassword && (
                <Icon name="lock" size={14} label={t("documents.passwordProtected")} />
              )}
            </span>
          ),
        },
        {
          label: t("documents.level"),
          cell: (s) => t(`documents.level.${s.kind === "public" ? "view" : s.level}`),
        },
        {
          label: t("documents.state"),
          // The span keeps the badge its own width in a phone's stacked rows.
          cell: (s) => (
            <span>
              <Badge tone={STATE_TONE[s.state] ?? "gray"}>
                {t(`documents.shareState.${s.state}`)}
              </Badge>
            </span>
          ),
        },
        {
          label: t("documents.expires"),
          cell: (s) => s.expiresAt ? <DateTime at={s.expiresAt} dateOnly /> : t("documents.never"),
        },
        { label: t("documents.opened"), cell: (s) => s.accessCount, numeric: true, wide: true },
      ]}
      actionsLabel={t("documents.actions")}
      actions={canEdit
        ? (s) =>
          s.state === "active" && (
            <ActionForm
              action={`/documents/shares/${s.id}/revoke`}
              back={back}
              confirm={t("documents.revokeConfirm")}
            >
              <IconButton type="submit" icon="unlink" label={t("documents.revoke")} />
            </ActionForm>
          )
        : undefined}
      empty={<EmptyState icon="share-2" title={t("documents.noShares")} />}
    />
  );
}

/**
 * A link made just now (a public link, or a file drop link with its own `id` and `label`):
 * shown once, with a copy button (documents.js).
 */
export function NewLink(
  { link, id = "docs-link", label }: { link: string; id?: string; label?: string },
) {
  const t = useT();
  return (
    <div class="alert ok docs-new-link" role="status">
      <Icon name="link" />
      <div class="docs-new-link-body">
        <label for={id}>{label ?? t("documents.linkCreated")}</label>
        <div class="docs-copy-row">
          <input id={id} type="text" readonly value={link} />
          <button
            type="button"
            class="btn btn-secondary"
            data-copy={`#${id}`}
            data-copied={t("documents.copied")}
          >
            <Icon name="copy" size={16} />
            <span>{t("documents.copy")}</span>
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The share form of a file or folder (in a dialog): with whom, what access, an optional
 * expiry date and, for public links, a password. documents.js shows only the fields the
 * chosen kind needs; without script all are there and the server ignores the others.
 */
export function ShareForm(
  { action, back, choices }: {
    action: string;
    back: string;
    choices: ShareChoices;
  },
) {
  const t = useT();
  return (
    <ActionForm action={action} back={back} class="form-grid docs-share-form">
      <Field label={t("documents.shareWith")}>
        <select id="share-kind" name="kind" data-share-kind="">
          <option value="public">{t("documents.shareKind.public")}</option>
          <option value="user">{t("documents.shareKind.user")}</option>
          <option value="group">{t("documents.shareKind.group")}</option>
        </select>
      </Field>
      <div class="field-wrap" data-share-for="user">
        <Field label={t("documents.shareUser")}>
          <select id="share-user" name="userId">
            <option value="">{t("documents.choose")}</option>
            {choices.members.map((m) => <option value={m.id}>{m.name}</option>)}
          </select>
        </Field>
      </div>
      <div class="field-wrap" data-share-for="group">
        <Field label={t("documents.shareGroup")}>
          <select id="share-role" name="role">
            <option value="">{t("documents.choose")}</option>
            {choices.roles.map((r) => <option value={r.key}>{r.label}</option>)}
          </select>
        </Field>
      </div>
      <div class="field-wrap" data-share-for="user group">
        <Field label={t("documents.level")}>
          <select id="share-level" name="level">
            <option value="view">{t("documents.level.view")}</option>
            <option value="edit">{t("documents.level.edit")}</option>
          </select>
        </Field>
      </div>
      <Field label={t("documents.expiry")}>
        <input id="share-expiry" name="expiresAt" type="date" />
      </Field>
      <div class="field-wrap" data-share-for="public">
        <Field label={t("documents.linkPassword")} hint={t("documents.linkPasswordHint")}>
          <input
            id="share-password"
            name="password"
            type="password"
            autocomplete="new-password"
            minLength={4}
            maxLength={200}
          />
        </Field>
      </div>
      <div class="form-actions field-wide">
        <button type="submit" class="btn btn-primary">
          <Icon name="share-2" size={16} />
          <span>{t("documents.share")}</span>
        </button>
      </div>
    </ActionForm>
  );
}
