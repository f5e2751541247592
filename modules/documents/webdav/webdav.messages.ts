import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: locks taken through WebDAV, as a file's page shows them. Key → [English, Turkish]. */
export const webdavMessages = defineMessages({
  "documents.lock": ["Lock", "Kilit"],
  "documents.lockedBy": ["Locked for editing by {name}", "{name} düzenlemek için kilitledi"],
  "documents.lockedBySomeone": ["Locked for editing", "Düzenlemek için kilitli"],
  "documents.breakLock": ["Break lock", "Kilidi kaldır"],
  "documents.breakLockConfirm": [
    "Break the lock? Changes the holder has not saved yet may conflict with others.",
    "Kilit kaldırılsın mı? Kilit sahibinin henüz kaydetmediği değişiklikler çakışabilir.",
  ],
  "documents.history.lock-broken": ["broke the lock on", "kilidini kaldırdı:"],
  "activity.action.lock-broken": ["broke a lock", "bir kilidi kaldırdı"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof webdavMessages> {}
}
