import { knownKey, type Locale, type MessageKey } from "../../../shared/i18n/i18n.ts";
import type { Translate } from "../../../ui/context.ts";
import { formatBytes, formatDate, formatNumber } from "../../../ui/kit.ts";
import type { ActivityEntry, HistoryLabelSpec, Json } from "../../../platform/activity/public.ts";

/** What a history needs to name things: folders and files by id, roles by key. */
export interface HistoryNames {
  /** Files and folders the lines mention, by id; `live` ones get a link. */
  items: Map<string, { name: string; live: boolean }>;
  /** Role keys (group shares, folder permissions) → labels. */
  roles: Map<string, string>;
  /** Whether the reader may open the storage settings (the settings lines link there). */
  settings: boolean;
}

/** The verbs the module records (services' audit calls); the activity page filters on them. */
export const DOCUMENT_ACTIONS = [
  "uploaded",
  "created",
  "renamed",
  "moved",
  "versioned",
  "version-restored",
  "downloaded",
  "previewed",
  "shared",
  "unshared",
  "public-view",
  "public-download",
  "permissions",
  "deleted",
  "restored",
  "purged",
  "updated",
  "tagged",
  "commented",
  "comment-deleted",
  "lock-broken",
];

/** Record types of the module's log (attachments are files other modules keep here). */
export const DOCUMENT_ENTITIES = ["file", "folder", "attachment", "settings"];

/** Lines done through a public link: nobody signed in, so the link's visitor. */
const BY_LINK = new Set(["public-view", "public-download"]);

/** The changed fields each verb is about; the rest of its diff repeats the line or is ids. */
const RELEVANT: Record<string, string[]> = {
  uploaded: ["size"],
  renamed: ["name"],
  moved: ["folderId", "parentId"],
  versioned: ["version", "size"],
  "version-restored": ["version", "size"],
  restored: ["folderId"],
  shared: ["kind", "userId", "group", "level", "expiresAt"],
  permissions: ["inherit", "entries"],
  updated: ["quotaBytes", "maxFileBytes", "versionLimit", "retentionDays", "notifyOnAccess"],
};

/**
 * The lines as the timeline should tell them: only the changes people need for each verb (an
 * upload's diff lists every field from nothing; a download has none), and public-link lines
 * done by "someone with the link" rather than the system.
 */
export function prepareEntries(t: Translate, items: ActivityEntry[]): ActivityEntry[] {
  return items.map((e) => {
    const keep = RELEVANT[e.action] ?? [];
    const changes = Object.fromEntries(
      Object.entries(e.changes ?? {}).filter(([k]) => keep.includes(k)),
    );
    // A share to a person or a group names them; "shared with: group" would only repeat it.
    if (changes.userId || changes.group) delete changes.kind;
    const actorName = BY_LINK.has(e.action) ? t("documents.linkVisitor") : e.actorName;
    return { ...e, changes, actorName };
  });
}

/** A translation of a key made from data, or undefined when the catalog has no such key. */
function known(t: Translate, key: string): string | undefined {
  const found = knownKey(key, "documents.name");
  return found === key ? t(found) : undefined;
}

const FIELDS: Record<string, MessageKey> = {
  name: "documents.name",
  size: "documents.size",
  folderId: "documents.folder",
  parentId: "documents.folder",
  version: "documents.version",
  kind: "documents.shareWith",
  userId: "documents.shareKind.user",
  group: "documents.shareKind.group",
  level: "documents.level",
  expiresAt: "documents.expires",
  inherit: "documents.inheritShort",
  entries: "documents.accessRules",
  quotaBytes: "documents.settingsQuotaShort",
  maxFileBytes: "documents.settingsMaxFileShort",
  versionLimit: "documents.settingsVersions",
  retentionDays: "documents.settingsRetentionShort",
  notifyOnAccess: "documents.settingsNotifyShort",
};

/** A name recorded with the line (the new one first), if any. */
function recordedName(e: ActivityEntry): string | undefined {
  for (const side of [e.after, e.before]) {
    const v = side?.name;
    if (typeof v === "string" && v) return v;
  }
  return undefined;
}

/**
 * How the Documents log reads (HistoryLabels of platform/activity): the module's verbs, field
 * labels, folders by name (the root as "All files"), sizes and dates formatted, and each line's
 * file or folder by name with a link while it exists.
 */
export function documentsHistory(
  t: Translate,
  l: Locale,
  names: HistoryNames,
): HistoryLabelSpec {
  const folder = (v: unknown) =>
    typeof v === "string" && v
      ? names.items.get(v)?.name ?? t("documents.deletedFolder")
      : t("documents.root");
  return {
    action: (action, type) =>
      known(t, `documents.history.${type}.${action}`) ??
        known(t, `documents.history.${action}`),
    field: (_type, name) => (FIELDS[name] ? t(FIELDS[name]) : undefined),
    value: (_type, field, v: unknown) => {
      switch (field) {
        case "folderId":
        case "parentId":
          return folder(v);
        case "size":
        case "quotaBytes":
        case "maxFileBytes":
          return typeof v === "number" ? formatBytes(l, v) : undefined;
        case "version":
          return typeof v === "number" ? t("documents.versionN", { n: v }) : undefined;
        case "kind":
          return typeof v === "string" ? known(t, `documents.shareKind.${v}`) ?? v : undefined;
        case "group":
          return typeof v === "string" ? names.roles.get(v) ?? v : undefined;
        case "level":
          return typeof v === "string" ? known(t, `documents.level.${v}`) ?? v : undefined;
        case "expiresAt":
          return typeof v === "string" ? formatDate(l, v) : undefined;
        case "entries":
          return Array.isArray(v) ? formatNumber(l, v.length) : undefined;
        default:
          return undefined;
      }
    },
    people: ["userId"],
    subject: (e) => {
      if (e.entityType === "settings") {
        return {
          label: t("documents.storageSettings"),
          href: names.settings ? "/documents/settings" : undefined,
        };
      }
      const item = names.items.get(e.entityId);
      const label = recordedName(e) ?? item?.name ??
        known(t, `documents.unknown.${e.entityType}`) ?? e.entityType;
      if (!item?.live) return { label };
      const href = e.entityType === "folder"
        ? `/documents/files?folder=${e.entityId}`
        : e.entityType === "file"
        ? `/documents/files?file=${e.entityId}`
        : undefined;
      return { label: item.name, href };
    },
    entity: (type) => known(t, `documents.entity.${type}`),
    entityTypes: DOCUMENT_ENTITIES,
    actions: DOCUMENT_ACTIONS,
  };
}

/** Ids of the files and folders the lines mention (the lines' records and their folders). */
export function mentionedIds(items: ActivityEntry[]): { files: string[]; folders: string[] } {
  const files = new Set<string>();
  const folders = new Set<string>();
  const add = (set: Set<string>, v: Json | undefined) => {
    if (typeof v === "string" && v) set.add(v);
  };
  for (const e of items) {
    if (e.entityType === "file" || e.entityType === "attachment") files.add(e.entityId);
    if (e.entityType === "folder") folders.add(e.entityId);
    for (const k of ["folderId", "parentId"]) {
      add(folders, e.changes?.[k]?.from);
      add(folders, e.changes?.[k]?.to);
    }
  }
  return { files: [...files], folders: [...folders] };
}
