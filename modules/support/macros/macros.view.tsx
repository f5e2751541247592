import {
  Badge,
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  IconButton,
  Toast,
  type Translate,
  useT,
} from "../../../ui/kit.ts";
import { type Flash, FormField } from "../common/ui.view.tsx";
import type { Macro } from "./macros.schemas.ts";
import { hasActions, PLACEHOLDERS } from "./macros.rules.ts";

const STATUSES = ["acik", "islemde", "cozuldu", "kapandi"] as const;
const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"] as const;
type Options = [string, string][];

/** A macro as the ticket page's picker lists it. */
export interface MacroChoice {
  id: string;
  name: string;
  changes: boolean;
}

export const macroChoice = (m: Macro): MacroChoice => ({
  id: m.id,
  name: m.name,
  changes: hasActions(m.actions),
});

const hx = (path: string) => ({
  method: "post",
  action: path,
  "hx-post": path,
  "hx-target": "#macros-panel",
  "hx-swap": "outerHTML",
});

/** "Set status: Resolved · Add tags: vpn" — what a macro does, in labels. */
function actionsText(t: Translate, m: Macro, teams: Map<string, string>) {
  const a = m.actions;
  const parts: string[] = [];
  if (a.status) parts.push(`${t("support.macros.setStatus")}: ${t(`support.status.${a.status}`)}`);
  if (a.priority) {
    parts.push(`${t("support.macros.setPriority")}: ${t(`support.priority.${a.priority}`)}`);
  }
  if (a.teamId) {
    parts.push(
      `${t("support.macros.setTeam")}: ${teams.get(a.teamId) ?? t("support.time.unknown")}`,
    );
  }
  if (a.addTags?.length) parts.push(`${t("support.macros.addTags")}: ${a.addTags.join(", ")}`);
  if (a.removeTags?.length) {
    parts.push(`${t("support.macros.removeTags")}: ${a.removeTags.join(", ")}`);
  }
  return parts.length ? parts.join(" · ") : t("support.macros.noActions");
}

/** The placeholders a reply may use, each with what it stands for. */
function PlaceholderHelp() {
  const t = useT();
  return (
    <details class="field-wide support-placeholders">
      <summary>{t("support.macros.placeholders")}</summary>
      <p class="muted">{t("support.macros.placeholdersHint")}</p>
      <dl>
        {PLACEHOLDERS.map(([name, key]) => (
          <>
            <dt>
              <code>{`{{${name}}}`}</code>
            </dt>
            <dd>{t(key)}</dd>
          </>
        ))}
      </dl>
    </details>
  );
}

/** The macro form (new and edit): the reply, who sees it, and what it changes. */
function MacroForm(
  { macro, teams, mayShare, idPrefix }: {
    macro?: Macro;
    teams: Options;
    mayShare: boolean;
    idPrefix: string;
  },
) {
  const t = useT();
  const a = macro?.actions ?? {};
  const action = macro ? `/support/macros/${macro.id}` : "/support/macros";
  const id = (x: string) => `${idPrefix}-${x}`;
  return (
    <form class="form-grid" {...hx(action)}>
      <FormField
        id={id("name")}
        f={{ name: "name", labelKey: "support.macros.name", required: true }}
        value={macro?.name}
      />
      {mayShare && (
        <FormField
          id={id("shared")}
          f={{ name: "shared", labelKey: "support.macros.shared", type: "checkbox" }}
          value={macro?.shared ?? false}
        />
      )}
      <FormField
        id={id("body")}
        f={{
          name: "body",
          labelKey: "support.macros.body",
          type: "textarea",
          hintKey: "support.macros.bodyHint",
        }}
        value={macro?.body}
      />
      <PlaceholderHelp />
      <FormField
        id={id("format")}
        f={{
          name: "format",
          labelKey: "support.comment.format",
          type: "select",
          options: [["text", t("support.comment.text")], ["markdown", "Markdown"]],
        }}
        value={macro?.format}
      />
      <FormField
        id={id("visibility")}
        f={{
          name: "visibility",
          labelKey: "support.comment.visibility",
          type: "select",
          options: [
            ["public", t("support.comment.public")],
            ["internal", t("support.comment.internal")],
          ],
        }}
        value={macro?.visibility}
      />
      <fieldset class="field field-wide">
        <legend class="field-label">{t("support.macros.actions")}</legend>
        <div class="form-grid">
          <FormField
            id={id("status")}
            f={{
              name: "status",
              labelKey: "support.macros.setStatus",
              type: "select",
              emptyLabelKey: "support.macros.keep",
              options: STATUSES.map((s) => [s, t(`support.status.${s}`)]),
            }}
            value={a.status}
          />
          <FormField
            id={id("priority")}
            f={{
              name: "priority",
              labelKey: "support.macros.setPriority",
              type: "select",
              emptyLabelKey: "support.macros.keep",
              options: PRIORITIES.map((p) => [p, t(`support.priority.${p}`)]),
            }}
            value={a.priority}
          />
          {teams.length > 0 && (
            <FormField
              id={id("team")}
              f={{
                name: "teamId",
                labelKey: "support.macros.setTeam",
                type: "select",
                emptyLabelKey: "support.macros.keep",
                options: teams,
              }}
              value={a.teamId}
            />
          )}
          <FormField
            id={id("add-tags")}
            f={{
              name: "addTags",
              labelKey: "support.macros.addTags",
              hintKey: "support.field.tagsHint",
            }}
            value={a.addTags?.join(", ")}
          />
          <FormField
            id={id("remove-tags")}
            f={{
              name: "removeTags",
              labelKey: "support.macros.removeTags",
              hintKey: "support.field.tagsHint",
            }}
            value={a.removeTags?.join(", ")}
          />
        </div>
      </fieldset>
      <div class="form-actions field-wide">
        <button type="submit" class="btn btn-primary">{t("support.save")}</button>
      </div>
    </form>
  );
}

export function NewMacroDialog({ teams, mayShare }: { teams: Options; mayShare: boolean }) {
  const t = useT();
  return (
    <Dialog
      id="new-macro"
      title={t("support.macros.new")}
      trigger={t("support.macros.new")}
      icon="plus"
      closeLabel={t("ui.close")}
      wide
    >
      <MacroForm teams={teams} mayShare={mayShare} idPrefix="macro-new" />
    </Dialog>
  );
}

/** The list: shared macros first, then the reader's own; edit and delete where allowed. */
export function MacrosPanel(
  { macros, teams, mayShare, userId, flash }: {
    macros: Macro[];
    teams: Options;
    mayShare: boolean;
    userId: string | null;
    flash?: Flash;
  },
) {
  const t = useT();
  const teamNames = new Map(teams);
  const editable = (m: Macro) => m.shared ? mayShare : m.ownerId === userId;
  return (
    <div id="macros-panel">
      <Toast flash={flash} />
      <Card flush>
        <DataTable
          id="macros"
          label={t("page.macros")}
          rows={macros}
          columns={[
            { label: t("support.macros.name"), cell: (m) => <strong>{m.name}</strong> },
            {
              label: t("support.macros.scope"),
              cell: (m) =>
                m.shared
                  ? <Badge tone="blue">{t("support.macros.sharedBadge")}</Badge>
                  : <Badge tone="gray">{t("support.macros.personal")}</Badge>,
            },
            { label: t("support.macros.actions"), cell: (m) => actionsText(t, m, teamNames) },
            {
              label: t("support.macros.used"),
              numeric: true,
              wide: true,
              cell: (m) => m.usageCount,
            },
          ]}
          actionsLabel={t("support.macros.actions")}
          actions={(m) =>
            editable(m) && (
              <span class="row-actions">
                <Dialog
                  id={`edit-macro-${m.id}`}
                  title={t("support.macros.edit")}
                  trigger={t("support.macros.edit")}
                  triggerLabel={`${t("support.macros.edit")}: ${m.name}`}
                  icon="pencil"
                  iconOnly
                  variant="ghost"
                  closeLabel={t("ui.close")}
                  wide
                >
                  <MacroForm
                    macro={m}
                    teams={teams}
                    mayShare={mayShare}
                    idPrefix={`macro-${m.id}`}
                  />
                </Dialog>
                <form
                  class="inline"
                  {...hx(`/support/macros/${m.id}`)}
                  hx-confirm={t("support.macros.deleteConfirm")}
                >
                  <input type="hidden" name="delete" value="1" />
                  <IconButton
                    icon="trash-2"
                    label={`${t("support.macros.delete")}: ${m.name}`}
                    variant="ghost"
                    type="submit"
                  />
                </form>
              </span>
            )}
          empty={<EmptyState icon="message-square-text" title={t("support.macros.empty")} />}
        />
      </Card>
    </div>
  );
}

/**
 * The ticket page's canned replies: choosing one fills the reply box (htmx swaps the textarea
 * for one with the text, placeholders filled); "Apply macro" also makes its changes.
 */
export function CannedReplyPicker(
  { ticketId, macros }: { ticketId: string; macros: MacroChoice[] },
) {
  const t = useT();
  if (macros.length === 0) return null;
  const base = `/support/tickets/${ticketId}/macros`;
  return (
    <div class="support-macro-picker field-wide">
      <Field label={t("support.macros.picker")}>
        <select
          id="td-macro"
          name="macroId"
          data-testid="canned-reply-picker"
          hx-post={`${base}/render`}
          hx-trigger="change"
          hx-target="#td-comment"
          hx-swap="outerHTML"
          // The form's hx-select (#content) is inherited: this answer is the reply box itself.
          hx-select="#td-comment"
        >
          <option value="">{t("support.macros.pick")}</option>
          {macros.map((m) => (
            <option value={m.id}>
              {m.changes ? `${m.name} (${t("support.macros.withActions")})` : m.name}
            </option>
          ))}
        </select>
      </Field>
      <Button
        type="submit"
        variant="secondary"
        icon="wand-sparkles"
        formaction={`${base}/apply`}
        formnovalidate
        hx-post={`${base}/apply`}
        hx-target="#content"
        hx-select="#content"
        hx-swap="outerHTML"
        data-testid="apply-macro"
      >
        {t("support.macros.apply")}
      </Button>
    </div>
  );
}

/** The reply box with a macro's text (the picker's htmx answer), and its format and visibility. */
export function RenderedReply(
  { body, format, visibility }: { body: string; format: string; visibility: string },
) {
  const t = useT();
  return (
    <>
      <textarea id="td-comment" name="body" required rows={6}>{body}</textarea>
      <select id="td-format" name="format" hx-swap-oob="true">
        <option value="text" selected={format === "text"}>{t("support.comment.text")}</option>
        <option value="markdown" selected={format === "markdown"}>Markdown</option>
      </select>
      <select id="td-visibility" name="visibility" hx-swap-oob="true">
        <option value="public" selected={visibility === "public"}>
          {t("support.comment.public")}
        </option>
        <option value="internal" selected={visibility === "internal"}>
          {t("support.comment.internal")}
        </option>
      </select>
    </>
  );
}
