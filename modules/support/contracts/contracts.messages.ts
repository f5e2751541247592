import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's contracts texts: key → [English, Turkish]. */
export const contractsMessages = defineMessages({
  "support.contracts.help": [
    "The status follows the dates: not started, running, ending soon (within the reminder days) or ended. The renewal reminder goes out once, on the reminder date.",
    "Durum tarihlere göre belirlenir: başlamadı, yürürlükte, bitmek üzere (hatırlatma günleri içinde) veya sona erdi. Yenileme hatırlatması hatırlatma tarihinde bir kez gönderilir.",
  ],
  "support.contracts.new": ["New contract", "Yeni sözleşme"],
  "support.contractStatus.pending": ["Not started", "Başlamadı"],
  "support.contractStatus.active": ["Running", "Yürürlükte"],
  "support.contractStatus.expiring": ["Ending soon", "Bitmek üzere"],
  "support.contractStatus.expired": ["Ended", "Sona erdi"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof contractsMessages> {}
}
