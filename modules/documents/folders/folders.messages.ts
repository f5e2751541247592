import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: the folders page and folder permissions. Key → [English, Turkish]. */
export const foldersMessages = defineMessages({
  "documents.parent": ["Inside folder", "Üst klasör"],
  "documents.noFolders": ["No folders yet.", "Henüz klasör yok."],
  "documents.yourAccess": ["Your access", "Erişiminiz"],
  "documents.deleteFolderConfirm": [
    "Move the folder {name} and everything in it to the trash?",
    "{name} klasörü ve içindekiler çöp kutusuna taşınsın mı?",
  ],
  "documents.permissions": ["Permissions", "İzinler"],
  "documents.permissionsOf": ["Permissions of {name}", "{name} izinleri"],
  "documents.permissionsHint": [
    "Who may open this folder and what they may do. Without rules, everyone's role decides.",
    "Bu klasörü kimin açabileceği ve neler yapabileceği. Kural yoksa herkesin rolü belirler.",
  ],
  "documents.inherit": [
    "Inherit permissions from the parent folder",
    "İzinleri üst klasörden devral",
  ],
  "documents.principal": ["User or group", "Kullanıcı veya grup"],
  "documents.nobody": ["Nobody (remove)", "Kimse (kaldır)"],
  "documents.users": ["Users", "Kullanıcılar"],
  "documents.groups": ["Groups (roles)", "Gruplar (roller)"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof foldersMessages> {}
}
