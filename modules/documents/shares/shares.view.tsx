import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { ActionForm, formatDate } from "../common/common.view.tsx";

export interface ShareItem {
  id: string;
  kind: string;
  principalName: string | null;
  expiresAt: string | null;
  hasPassword: boolean;
  state: string;
  accessCount: number;
}

/** The shares of a file or folder and the share dialog (expiry, password, copyable link). */
export function SharesSection(
  p: {
    l: Locale;
    back: string;
    /** Where the share form posts (the file's or the folder's share action). */
    action: string;
    canEdit: boolean;
    shares: ShareItem[];
    newLink?: string;
    members: { id: string; name: string }[];
    roles: string[];
  },
) {
  const { l, back } = p;
  return (
    <section class="docs-shares-section">
      <h3>{t(l, "documents.shares")}</h3>
      {p.newLink && (
        <p class="alert ok" role="status">
          <label for="docs-link">{t(l, "documents.linkCreated")}</label>
          <input id="docs-link" type="text" readonly value={p.newLink} />
          <button type="button" class="secondary docs-copy" data-copy="#docs-link">
            {t(l, "documents.copy")}
          </button>
        </p>
      )}
      {p.shares.length === 0
        ? <p class="muted">{t(l, "documents.noShares")}</p>
        : (
          <ul class="docs-shares">
            {p.shares.map((s) => (
              <li>
                {t(l, `documents.shareKind.${s.kind}`)} {s.principalName ?? ""} ·{" "}
                {t(l, `documents.shareState.${s.state}`)}
                {s.expiresAt ? ` · ${t(l, "documents.expires")} ${formatDate(l, s.expiresAt)}` : ""}
                {s.hasPassword ? ` · ${t(l, "documents.password")}` : ""} · {s.accessCount}×{" "}
                {s.state === "active" && p.canEdit && (
                  <ActionForm action={`/documents/shares/${s.id}/revoke`} back={back}>
                    <button type="submit" class="secondary">{t(l, "documents.revoke")}</button>
                  </ActionForm>
                )}
              </li>
            ))}
          </ul>
        )}
      {p.canEdit && (
        <ActionForm
          action={p.action}
          back={back}
          class="docs-share-form"
        >
          <label for="share-kind">{t(l, "documents.shareWith")}</label>
          <select id="share-kind" name="kind">
            <option value="public">{t(l, "documents.shareKind.public")}</option>
            <option value="user">{t(l, "documents.shareKind.user")}</option>
            <option value="group">{t(l, "documents.shareKind.group")}</option>
          </select>
          <label for="share-user">{t(l, "documents.shareUser")}</label>
          <select id="share-user" name="userId">
            <option value="">—</option>
            {p.members.map((m) => <option value={m.id}>{m.name}</option>)}
          </select>
          <label for="share-role">{t(l, "documents.shareGroup")}</label>
          <select id="share-role" name="role">
            <option value="">—</option>
            {p.roles.map((r) => <option value={r}>{r}</option>)}
          </select>
          <label for="share-expiry">{t(l, "documents.expiry")}</label>
          <input id="share-expiry" name="expiresAt" type="date" />
          <label for="share-password">{t(l, "documents.password")}</label>
          <input id="share-password" name="password" type="password" autocomplete="new-password" />
          <button type="submit">{t(l, "documents.share")}</button>
        </ActionForm>
      )}
    </section>
  );
}
