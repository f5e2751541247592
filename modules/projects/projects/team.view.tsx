import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { MemberRow } from "./projects.schemas.ts";
import type { StatusRow, TransitionRow } from "../statuses/statuses.schemas.ts";
import { type Flash, FlashMessage } from "../common/ui.view.tsx";

const ROLES = ["manager", "member", "viewer"] as const;

function RoleSelect({ l, id, value }: { l: Locale; id: string; value?: string }) {
  return (
    <select id={id} name="role">
      {ROLES.map((r) => (
        <option value={r} selected={value === r}>{t(l, `projects.role.${r}`)}</option>
      ))}
    </select>
  );
}

export function MembersPanel(
  { l, projectId, members, candidates, canManage, flash }: {
    l: Locale;
    projectId: string;
    members: MemberRow[];
    candidates: { id: string; name: string; email: string }[];
    canManage: boolean;
    flash?: Flash;
  },
) {
  const base = `/projects/projects/${projectId}/members`;
  const swap = { "hx-target": "#members-panel", "hx-swap": "outerHTML" };
  return (
    <section id="members-panel" aria-labelledby="members-h">
      <h2 id="members-h">{t(l, "projects.members")}</h2>
      <FlashMessage flash={flash} />
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th>{t(l, "projects.memberName")}</th>
              <th>{t(l, "projects.email")}</th>
              <th>{t(l, "projects.role")}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr>
                <td>{m.name}</td>
                <td>{m.email}</td>
                <td>
                  {canManage
                    ? (
                      <>
                        <form
                          class="inline"
                          method="post"
                          action={`${base}/${m.userId}`}
                          hx-post={`${base}/${m.userId}`}
                          {...swap}
                        >
                          <label class="sr-only" for={`role-${m.userId}`}>
                            {t(l, "projects.role")}
                          </label>
                          <RoleSelect l={l} id={`role-${m.userId}`} value={m.role} />
                          <button type="submit" class="secondary">{t(l, "projects.save")}</button>
                        </form>
                        <form
                          class="inline"
                          method="post"
                          action={`${base}/${m.userId}/remove`}
                          hx-post={`${base}/${m.userId}/remove`}
                          {...swap}
                        >
                          <button type="submit" class="secondary">
                            {t(l, "projects.remove")}
                          </button>
                        </form>
                      </>
                    )
                    : t(l, `projects.role.${m.role}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canManage && (
        <form class="toolbar" method="post" action={base} hx-post={base} {...swap}>
          <label for="add-member">{t(l, "projects.addMember")}</label>
          <select id="add-member" name="userId" required>
            {candidates.map((u) => <option value={u.id}>{u.name} ({u.email})</option>)}
          </select>
          <label for="add-role" class="sr-only">{t(l, "projects.role")}</label>
          <RoleSelect l={l} id="add-role" value="member" />
          <button type="submit">{t(l, "projects.add")}</button>
        </form>
      )}
    </section>
  );
}

/**
 * The status-flow editor: rows of statuses (rename, category, order, remove with a target for
 * their tasks, one new row) and a grid of allowed moves (none ticked: every move allowed).
 */
export function FlowEditor(
  { l, projectId, statuses, transitions, canManage, flash }: {
    l: Locale;
    projectId: string;
    statuses: StatusRow[];
    transitions: TransitionRow[];
    canManage: boolean;
    flash?: Flash;
  },
) {
  const action = `/projects/projects/${projectId}/flow`;
  const has = (a: string, b: string) =>
    transitions.some((x) => x.fromStatusId === a && x.toStatusId === b);
  const rolesOf = (a: string, b: string) =>
    transitions.find((x) => x.fromStatusId === a && x.toStatusId === b)?.roles.join(",") ?? "";
  const who: [string, string][] = [
    ["", t(l, "projects.anyone")],
    ["manager", t(l, "projects.managersOnly")],
    ["member", t(l, "projects.membersOnly")],
  ];
  return (
    <section id="flow-panel" aria-labelledby="flow-h">
      <h2 id="flow-h">{t(l, "projects.flow")}</h2>
      <FlashMessage flash={flash} />
      <form
        method="post"
        action={action}
        hx-post={action}
        hx-target="#flow-panel"
        hx-swap="outerHTML"
      >
        <fieldset disabled={!canManage}>
          <legend>{t(l, "projects.statuses")}</legend>
          {statuses.map((s, i) => (
            <div class="pj-row pj-flow-row">
              <input type="hidden" name={`id-${i}`} value={s.id} />
              <input type="hidden" name="rows" value={String(i)} />
              <label for={`st-name-${i}`}>{t(l, "projects.statusName")} {i + 1}</label>
              <input id={`st-name-${i}`} name={`name-${i}`} value={s.name} maxLength={60} />
              <label for={`st-cat-${i}`} class="sr-only">{t(l, "projects.category")}</label>
              <select id={`st-cat-${i}`} name={`category-${i}`}>
                <option value="open" selected={s.category === "open"}>
                  {t(l, "projects.categoryOpen")}
                </option>
                <option value="done" selected={s.category === "done"}>
                  {t(l, "projects.categoryDone")}
                </option>
              </select>
              <label for={`st-pos-${i}`}>{t(l, "projects.order")}</label>
              <input
                id={`st-pos-${i}`}
                name={`order-${i}`}
                type="number"
                value={String(i + 1)}
                min={1}
              />
              <label>
                <input type="checkbox" name={`remove-${i}`} value="1" />{" "}
                {t(l, "projects.removeStatus")}
              </label>
              <label for={`st-move-${i}`}>{t(l, "projects.moveTasksTo")}</label>
              <select id={`st-move-${i}`} name={`moveTo-${i}`}>
                <option value="">—</option>
                {statuses.filter((o) => o.id !== s.id).map((o) => (
                  <option value={o.name}>{o.name}</option>
                ))}
              </select>
              <span class="muted">{s.taskCount} {t(l, "projects.tasksCount")}</span>
            </div>
          ))}
          <div class="pj-row pj-flow-row">
            <label for="st-name-new">{t(l, "projects.newStatus")}</label>
            <input id="st-name-new" name="name-new" value="" maxLength={60} />
            <label for="st-cat-new" class="sr-only">{t(l, "projects.category")}</label>
            <select id="st-cat-new" name="category-new">
              <option value="open">{t(l, "projects.categoryOpen")}</option>
              <option value="done">{t(l, "projects.categoryDone")}</option>
            </select>
            <label for="st-pos-new">{t(l, "projects.order")}</label>
            <input
              id="st-pos-new"
              name="order-new"
              type="number"
              value={String(statuses.length + 1)}
              min={1}
            />
          </div>
        </fieldset>
        <fieldset disabled={!canManage}>
          <legend>{t(l, "projects.transitions")}</legend>
          <p class="muted">{t(l, "projects.transitionsHelp")}</p>
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>{t(l, "projects.from")} \ {t(l, "projects.to")}</th>
                  {statuses.map((s) => <th>{s.name}</th>)}
                </tr>
              </thead>
              <tbody>
                {statuses.map((a) => (
                  <tr>
                    <th>{a.name}</th>
                    {statuses.map((b) => (
                      <td>
                        {a.id !== b.id && (
                          <>
                            <label>
                              <span class="sr-only">{a.name} → {b.name}</span>
                              <input
                                type="checkbox"
                                name="allow"
                                value={`${a.id}>${b.id}`}
                                checked={has(a.id, b.id)}
                              />
                            </label>
                            <label class="sr-only" for={`who-${a.id}-${b.id}`}>
                              {t(l, "projects.whoMayMove")}: {a.name} → {b.name}
                            </label>
                            <select
                              id={`who-${a.id}-${b.id}`}
                              name={`roles-${a.id}>${b.id}`}
                              class="pj-who"
                            >
                              {[
                                ...who,
                                ...(who.some(([v]) => v === rolesOf(a.id, b.id))
                                  ? []
                                  : [[rolesOf(a.id, b.id), rolesOf(a.id, b.id)]]),
                              ].map(([v, text]) => (
                                <option value={v} selected={v === rolesOf(a.id, b.id)}>
                                  {text}
                                </option>
                              ))}
                            </select>
                          </>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </fieldset>
        {canManage && (
          <p>
            <button type="submit">{t(l, "projects.saveFlow")}</button>
          </p>
        )}
      </form>
    </section>
  );
}
