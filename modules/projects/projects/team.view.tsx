import { Button, Card, DataTable, Field, Icon, UserChip, useT } from "../../../ui/kit.ts";
import type { MemberRow } from "./projects.schemas.ts";
import type { StatusRow, TransitionRow } from "../statuses/statuses.schemas.ts";
import { type Flash, flowNames, roleText, Toast } from "../common/ui.view.tsx";

const ROLES = ["manager", "member", "viewer"] as const;

function RoleSelect({ id, value }: { id: string; value?: string }) {
  const t = useT();
  return (
    <select id={id} name="role">
      {ROLES.map((r) => <option value={r} selected={value === r}>{t(`projects.role.${r}`)}
      </option>)}
    </select>
  );
}

export function MembersPanel(
  { projectId, members, candidates, canManage, flash }: {
    projectId: string;
    members: MemberRow[];
    candidates: { id: string; name: string; email: string }[];
    canManage: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const base = `/projects/projects/${projectId}/members`;
  const swap = { "hx-target": "#members-panel", "hx-swap": "outerHTML" };
  return (
    <section id="members-panel" aria-labelledby="members-h">
      <h2 id="members-h" class="sr-only">{t("projects.members")}</h2>
      <Toast flash={flash} />
      <DataTable
        id="members"
        label={t("projects.members")}
        rows={members}
        columns={[
          { label: t("projects.memberName"), cell: (m) => <UserChip name={m.name} /> },
          {
            label: t("projects.email"),
            cell: (m) => <span class="pj-break">{m.email}</span>,
            wide: true,
          },
          {
            label: t("projects.role"),
            cell: (m) =>
              canManage
                ? (
                  <form
                    class="inline"
                    method="post"
                    action={`${base}/${m.userId}`}
                    hx-post={`${base}/${m.userId}`}
                    hx-trigger="change"
                    {...swap}
                  >
                    <label class="sr-only" for={`role-${m.userId}`}>
                      {t("projects.roleOf", { name: m.name })}
                    </label>
                    <RoleSelect id={`role-${m.userId}`} value={m.role} />
                    <Button type="submit" variant="secondary" small class="js-hide">
                      {t("projects.save")}
                    </Button>
                  </form>
                )
                : t(`projects.role.${m.role}`),
          },
        ]}
        actionsLabel={t("projects.actions")}
        actions={canManage
          ? (m) => (
            <form
              class="inline"
              method="post"
              action={`${base}/${m.userId}/remove`}
              hx-post={`${base}/${m.userId}/remove`}
              {...swap}
            >
              <Button type="submit" variant="ghost" small icon="user-minus">
                {t("projects.remove")}
              </Button>
            </form>
          )
          : undefined}
      />
      {canManage && (
        <Card title={t("projects.addMember")}>
          <form
            class="form-grid pj-add-member"
            method="post"
            action={base}
            hx-post={base}
            {...swap}
          >
            <Field label={t("projects.person")}>
              <select id="add-member" name="userId" required>
                {candidates.map((u) => <option value={u.id}>{u.name} ({u.email})</option>)}
              </select>
            </Field>
            <Field label={t("projects.role")}>
              <RoleSelect id="add-role" value="member" />
            </Field>
            <div class="form-actions">
              <Button type="submit" icon="user-plus" disabled={candidates.length === 0}>
                {t("projects.add")}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </section>
  );
}

/**
 * The status-flow editor: rows of statuses (rename, category, order, remove with a target for
 * their tasks, one new row) and a grid of allowed moves (none ticked: every move allowed).
 * Default names show in the reader's language; sent back unchanged they stay as stored.
 */
export function FlowEditor(
  { projectId, statuses, transitions, canManage, flash }: {
    projectId: string;
    statuses: StatusRow[];
    transitions: TransitionRow[];
    canManage: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const action = `/projects/projects/${projectId}/flow`;
  const names = flowNames(t, statuses);
  const name = (s: StatusRow) => names.get(s.id) ?? s.name;
  const has = (a: string, b: string) =>
    transitions.some((x) => x.fromStatusId === a && x.toStatusId === b);
  const rolesOf = (a: string, b: string) =>
    transitions.find((x) => x.fromStatusId === a && x.toStatusId === b)?.roles.join(",") ?? "";
  const who: [string, string][] = [
    ["", t("projects.anyone")],
    ["manager", t("projects.managersOnly")],
    ["member", t("projects.membersOnly")],
  ];
  const whoOf = (a: string, b: string) => {
    const current = rolesOf(a, b);
    const known = who.some(([v]) => v === current);
    // A limit the editor has no word for (set through the API) is kept as a choice.
    const label = current.split(",").map((r) => roleText(t, r)).join(", ");
    return known ? who : [...who, [current, label] as [string, string]];
  };
  return (
    <section id="flow-panel" aria-labelledby="flow-h">
      <h2 id="flow-h" class="sr-only">{t("projects.flow")}</h2>
      <Toast flash={flash} />
      <form
        method="post"
        action={action}
        hx-post={action}
        hx-target="#flow-panel"
        hx-swap="outerHTML"
      >
        <Card title={t("projects.statuses")}>
          <fieldset disabled={!canManage} class="pj-plain">
            <legend class="sr-only">{t("projects.statuses")}</legend>
            <ol class="pj-flow-rows">
              {statuses.map((s, i) => (
                <li class="pj-flow-row">
                  <input type="hidden" name={`id-${i}`} value={s.id} />
                  <input type="hidden" name="rows" value={String(i)} />
                  <Field label={t("projects.statusName")}>
                    <input id={`st-name-${i}`} name={`name-${i}`} value={name(s)} maxLength={60} />
                  </Field>
                  <Field label={t("projects.category")}>
                    <select id={`st-cat-${i}`} name={`category-${i}`}>
                      <option value="open" selected={s.category === "open"}>
                        {t("projects.categoryOpen")}
                      </option>
                      <option value="done" selected={s.category === "done"}>
                        {t("projects.categoryDone")}
                      </option>
                    </select>
                  </Field>
                  <Field label={t("projects.order")}>
                    <input
                      id={`st-pos-${i}`}
                      name={`order-${i}`}
                      type="number"
                      value={String(i + 1)}
                      min={1}
                      class="pj-order"
                    />
                  </Field>
                  <Field label={t("projects.moveTasksTo")}>
                    <select id={`st-move-${i}`} name={`moveTo-${i}`}>
                      <option value="">—</option>
                      {statuses.filter((o) => o.id !== s.id).map((o) => (
                        <option value={o.name}>{name(o)}</option>
                      ))}
                    </select>
                  </Field>
                  <span class="pj-flow-end">
                    <label class="pj-check">
                      <input type="checkbox" name={`remove-${i}`} value="1" />
                      {t("projects.removeStatus")}
                    </label>
                    <span class="muted">
                      {t("projects.taskCount", { count: s.taskCount })}
                    </span>
                  </span>
                </li>
              ))}
              <li class="pj-flow-row">
                <Field label={t("projects.newStatus")}>
                  <input id="st-name-new" name="name-new" value="" maxLength={60} />
                </Field>
                <Field label={t("projects.category")}>
                  <select id="st-cat-new" name="category-new">
                    <option value="open">{t("projects.categoryOpen")}</option>
                    <option value="done">{t("projects.categoryDone")}</option>
                  </select>
                </Field>
                <Field label={t("projects.order")}>
                  <input
                    id="st-pos-new"
                    name="order-new"
                    type="number"
                    value={String(statuses.length + 1)}
                    min={1}
                    class="pj-order"
                  />
                </Field>
              </li>
            </ol>
          </fieldset>
        </Card>
        <Card title={t("projects.transitions")}>
          <fieldset disabled={!canManage} class="pj-plain">
            <legend class="sr-only">{t("projects.transitions")}</legend>
            <p class="muted">{t("projects.transitionsHelp")}</p>
            <div class="table-wrap pj-matrix">
              <table>
                <thead>
                  <tr>
                    <td>
                      <span class="sr-only">{t("projects.from")}</span>
                    </td>
                    {statuses.map((s) => (
                      <th scope="col">
                        <Icon name="arrow-right" size={12} /> {name(s)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {statuses.map((a) => (
                    <tr>
                      <th scope="row">{name(a)}</th>
                      {statuses.map((b) => (
                        <td>
                          {a.id !== b.id && (
                            <span class="pj-move">
                              <label class="pj-check">
                                <input
                                  type="checkbox"
                                  name="allow"
                                  value={`${a.id}>${b.id}`}
                                  checked={has(a.id, b.id)}
                                />
                                <span class="sr-only">{name(a)} → {name(b)}</span>
                              </label>
                              <label class="sr-only" for={`who-${a.id}-${b.id}`}>
                                {t("projects.whoMayMove")}: {name(a)} → {name(b)}
                              </label>
                              <select
                                id={`who-${a.id}-${b.id}`}
                                name={`roles-${a.id}>${b.id}`}
                                class="pj-who"
                              >
                                {whoOf(a.id, b.id).map(([v, text]) => (
                                  <option value={v} selected={v === rolesOf(a.id, b.id)}>
                                    {text}
                                  </option>
                                ))}
                              </select>
                            </span>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </fieldset>
        </Card>
        {canManage && (
          <div class="form-actions">
            <Button type="submit" icon="save">{t("projects.saveFlow")}</Button>
          </div>
        )}
      </form>
    </section>
  );
}
