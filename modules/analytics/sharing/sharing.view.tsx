/**
 * The "Share" dialog of a sheet (public links: create with expiry, password and downloads,
 * copy the new address once, revoke; embedding: on/off and the code a server runs to sign a
 * token) and the administrators' embedding page (secret shown once, rotation, allowed origins).
 * Forms post with htmx and swap the dialog's panel; without script they post as plain forms.
 */
import type { Flash } from "../../../shared/http/pages.ts";
import {
  Badge,
  Button,
  Card,
  DataTable,
  DateTime,
  Field,
  IconButton,
  Toast,
  useT,
} from "../../../ui/kit.ts";
import type { EmbedSettings, PublicLink, SheetEmbed } from "./sharing.schemas.ts";

export const sharePath = (sheetId: string) => `/analytics/sheets/${sheetId}/share`;
export const EMBEDDING_PAGE = "/analytics/embedding";

/** The dashboard's Share button and its dialog; the panel loads when the dialog opens. */
export function ShareButton({ sheetId }: { sheetId: string }) {
  const t = useT();
  const path = sharePath(sheetId);
  return (
    <>
      <link rel="stylesheet" href="/assets/analytics-sharing.css" />
      <script src="/assets/analytics-sharing.js" defer></script>
      <Button
        variant="secondary"
        icon="share-2"
        data-dialog-open="dash-share"
        aria-haspopup="dialog"
        href={path}
        hx-get={path}
        hx-target="#dash-share-body"
        hx-swap="innerHTML"
      >
        {t("analytics.share.button")}
      </Button>
      <dialog id="dash-share" class="dialog dialog-wide" aria-labelledby="dash-share-title">
        <header class="dialog-head">
          <h2 id="dash-share-title">{t("analytics.share.title")}</h2>
          <IconButton icon="x" label={t("analytics.dash.close")} data-dialog-close="" />
        </header>
        <div class="dialog-body" id="dash-share-body">
          <p class="muted">{t("analytics.share.loading")}</p>
        </div>
      </dialog>
    </>
  );
}

export interface SharePanelProps {
  sheetId: string;
  links: PublicLink[];
  embed: SheetEmbed;
  /** The address of a link just made (shown this once). */
  newUrl?: string;
  flash?: Flash;
  isAdmin: boolean;
  keyId: string | null;
  snippet: string | null;
}

function Links({ sheetId, links }: { sheetId: string; links: PublicLink[] }) {
  const t = useT();
  const path = sharePath(sheetId);
  return (
    <DataTable
      id="share-links"
      label={t("analytics.share.links")}
      rows={links}
      empty={t("analytics.share.noLinks")}
      columns={[
        {
          label: t("analytics.share.created"),
          cell: (l) => (
            <span>
              <DateTime at={l.createdAt} /> · {l.createdByName}
            </span>
          ),
        },
        {
          label: t("analytics.share.expires"),
          cell: (l) =>
            l.expired
              ? <Badge tone="red">{t("analytics.share.expired")}</Badge>
              : l.expiresAt
              ? <DateTime at={l.expiresAt} />
              : t("analytics.share.never"),
        },
        {
          label: t("analytics.share.protection"),
          cell: (l) => (
            <span class="share-badges">
              {l.hasPassword && <Badge tone="amber">{t("analytics.share.withPassword")}</Badge>}
              {l.allowCsv && <Badge tone="blue">{t("analytics.share.withCsv")}</Badge>}
              {!l.hasPassword && !l.allowCsv && t("analytics.share.noProtection")}
            </span>
          ),
        },
        {
          label: t("analytics.share.actions"),
          cell: (l) => (
            <form
              method="post"
              action={`${path}/links/${l.id}/revoke`}
              hx-post={`${path}/links/${l.id}/revoke`}
              hx-target="#dash-share-body"
              hx-confirm={t("analytics.share.revokeConfirm")}
            >
              <Button type="submit" variant="danger" small icon="link-2-off">
                {t("analytics.share.revoke")}
              </Button>
            </form>
          ),
        },
      ]}
    />
  );
}

/** The dialog's panel (also a page of its own without script). */
export function SharePanel(p: SharePanelProps) {
  const t = useT();
  const path = sharePath(p.sheetId);
  const htmx = { "hx-target": "#dash-share-body" };
  return (
    <div class="share-panel">
      <Toast flash={p.flash} />
      <section aria-labelledby="share-public-h">
        <h3 id="share-public-h">{t("analytics.share.publicLinks")}</h3>
        <p class="muted">{t("analytics.share.publicHint")}</p>
        {p.newUrl && (
          <Card>
            <Field label={t("analytics.share.newLink")} hint={t("analytics.share.onlyOnce")} wide>
              <input id="share-new-url" type="text" readonly value={p.newUrl} data-select-all="" />
            </Field>
            <Button
              variant="secondary"
              icon="copy"
              data-copy="#share-new-url"
              data-copied={t("analytics.share.copied")}
            >
              {t("analytics.share.copy")}
            </Button>
          </Card>
        )}
        <Links sheetId={p.sheetId} links={p.links} />
        <form
          method="post"
          action={`${path}/links`}
          hx-post={`${path}/links`}
          {...htmx}
          class="form-grid share-form"
        >
          <Field label={t("analytics.share.expiresOn")} hint={t("analytics.share.expiresHint")}>
            <input type="date" name="expiresOn" />
          </Field>
          <Field label={t("analytics.share.password")} hint={t("analytics.share.passwordHint")}>
            <input
              type="password"
              name="password"
              autocomplete="new-password"
              minLength={6}
              maxLength={200}
            />
          </Field>
          <label class="check field-wide">
            <input type="checkbox" name="allowCsv" value="1" /> {t("analytics.share.allowCsv")}
          </label>
          <div class="form-actions field-wide">
            <Button type="submit" icon="link">{t("analytics.share.create")}</Button>
          </div>
        </form>
      </section>
      <section aria-labelledby="share-embed-h">
        <h3 id="share-embed-h">{t("analytics.share.embedding")}</h3>
        <p class="muted">{t("analytics.share.embedHint")}</p>
        <form
          method="post"
          action={`${path}/embed`}
          hx-post={`${path}/embed`}
          {...htmx}
          class="share-embed-toggle"
        >
          <input type="hidden" name="enabled" value={p.embed.enabled ? "0" : "1"} />
          {p.embed.enabled
            ? <Badge tone="green">{t("analytics.share.embedOn")}</Badge>
            : <Badge tone="gray">{t("analytics.share.embedOff")}</Badge>}
          <Button type="submit" variant="secondary" icon={p.embed.enabled ? "square" : "code"}>
            {p.embed.enabled ? t("analytics.share.embedDisable") : t("analytics.share.embedEnable")}
          </Button>
        </form>
        {p.embed.enabled && (
          p.snippet
            ? (
              <>
                <p>{t("analytics.share.snippetHint")}</p>
                <pre class="share-snippet" tabindex={0}><code>{p.snippet}</code></pre>
              </>
            )
            : <p class="muted">{t("analytics.share.noSecret")}</p>
        )}
        {p.isAdmin && (
          <p>
            <a href={EMBEDDING_PAGE}>{t("analytics.share.manageSecret")}</a>
          </p>
        )}
      </section>
    </div>
  );
}

/** The administrators' embedding page: the secret (shown once) and the allowed origins. */
export function EmbeddingSettings(
  { settings, secret, flash }: { settings: EmbedSettings; secret?: string; flash?: Flash },
) {
  const t = useT();
  return (
    <div class="share-admin" id="embed-settings">
      <Toast flash={flash} />
      <Card>
        <h2>{t("analytics.embed.secretTitle")}</h2>
        <p class="muted">{t("analytics.embed.secretHint")}</p>
        {settings.configured
          ? (
            <p>
              {t("analytics.embed.keyId")} <code>{settings.keyId}</code>
              {settings.updatedAt && (
                <>
                  {" · "}
                  {t("analytics.embed.madeAt")} <DateTime at={settings.updatedAt} />
                </>
              )}
            </p>
          )
          : <p>{t("analytics.embed.none")}</p>}
        {secret && (
          <Field label={t("analytics.embed.secret")} hint={t("analytics.share.onlyOnce")} wide>
            <input id="embed-secret" type="text" readonly value={secret} />
          </Field>
        )}
        <form
          method="post"
          action={`${EMBEDDING_PAGE}/secret`}
          hx-post={`${EMBEDDING_PAGE}/secret`}
          hx-target="#embed-settings"
          hx-select="#embed-settings"
          hx-swap="outerHTML"
          hx-confirm={settings.configured ? t("analytics.embed.rotateConfirm") : undefined}
        >
          <Button
            type="submit"
            icon="key-round"
            variant={settings.configured ? "secondary" : "primary"}
          >
            {settings.configured ? t("analytics.embed.rotate") : t("analytics.embed.make")}
          </Button>
        </form>
      </Card>
      <Card>
        <h2>{t("analytics.embed.originsTitle")}</h2>
        <p class="muted">{t("analytics.embed.originsHint")}</p>
        <form method="post" action={`${EMBEDDING_PAGE}/origins`} class="form-grid">
          <Field
            label={t("analytics.embed.origins")}
            hint={t("analytics.embed.originsFormat")}
            wide
          >
            <textarea name="origins" rows={4} disabled={!settings.configured}>
              {settings.origins.join("\n")}
            </textarea>
          </Field>
          <div class="form-actions field-wide">
            <Button type="submit" icon="save" disabled={!settings.configured}>
              {t("analytics.embed.save")}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
