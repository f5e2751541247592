import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// The members of the current tenant.
export const usersMessages = defineMessages({
  // Users page.
  "users.invite": ["Invite a user", "Kullanıcı davet et"],
  "users.search": ["Search by name or e-mail", "Ada veya e-postaya göre ara"],
  "users.joined": ["Member since", "Üyelik tarihi"],
  "users.edit": ["Edit {name}", "{name} düzenle"],
  "users.editShort": ["Edit", "Düzenle"],
  "users.noMatch": ["No user matches the search.", "Aramaya uyan kullanıcı yok."],
  "users.you": ["you", "siz"],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof usersMessages> {}
}
