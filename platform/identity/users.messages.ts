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
  // An owner or admin (not a platform operator) tried to create an account with a password.
  "users.inviteByEmailInstead": [
    "Only platform operators add a new person with a password. Invite this address by e-mail " +
    "instead: the person sets their own password.",
    "Yeni bir kişiyi parolayla yalnızca platform operatörleri ekleyebilir. Bu adresi bunun " +
    "yerine e-postayla davet edin: kişi kendi parolasını belirler.",
  ],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof usersMessages> {}
}
