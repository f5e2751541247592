import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Support's auto-assignment texts: key → [English, Turkish]. */
export const assignmentMessages = defineMessages({
  "support.assignment.title": ["Assignment", "Atama"],
  "support.assignment.lead": [
    "How this team's new tickets find an agent. Members who are out of office, on a delegation or at the cap are skipped.",
    "Bu ekibin yeni taleplerinin bir temsilciye nasıl atanacağı. İzinde olan, vekâlet vermiş ya da sınıra ulaşmış üyeler atlanır.",
  ],
  "support.assignment.mode": ["Assignment", "Atama"],
  "support.assignment.mode.none": [
    "Manual (tickets wait in the queue)",
    "Elle (talepler kuyrukta bekler)",
  ],
  "support.assignment.mode.round_robin": [
    "Round robin (members in turn)",
    "Sırayla (üyeler sırayla)",
  ],
  "support.assignment.mode.least_open": ["Least open tickets", "En az açık talep"],
  "support.assignment.cap": ["Open tickets per agent at most", "Temsilci başına en çok açık talep"],
  "support.assignment.capHint": ["Leave empty for no limit.", "Sınır yoksa boş bırakın."],
  "support.assignment.settings": ["Assignment settings", "Atama ayarları"],
  "support.assignment.members": ["Members", "Üyeler"],
  "support.assignment.away": ["Out of office", "İzinde"],
  "support.assignment.available": ["Available", "Müsait"],
  "support.assignment.noMembers": [
    "This team has no members yet.",
    "Bu ekibin henüz üyesi yok.",
  ],
  "support.ooo.title": ["My availability", "Müsaitlik durumum"],
  "support.ooo.lead": [
    "While you are out of office, no new tickets are assigned to you automatically.",
    "İzindeyken size otomatik olarak yeni talep atanmaz.",
  ],
  "support.ooo.flag": ["I am out of office", "İzindeyim"],
  "support.ooo.until": ["Back on (optional)", "Dönüş tarihi (isteğe bağlı)"],
  "support.ooo.on": ["You are out of office.", "İzindesiniz."],
  "support.ooo.onUntil": [
    "You are out of office until {until}.",
    "{until} tarihine kadar izindesiniz.",
  ],
  "support.ooo.off": ["You are available.", "Müsaitsiniz."],
  "support.history.ticket.autoAssigned": [
    "assigned the ticket automatically",
    "talebi otomatik atadı",
  ],
  "support.history.ticket.autoAssignAway": [
    "could not assign automatically: every member is away",
    "otomatik atayamadı: tüm üyeler izinde",
  ],
  "support.history.ticket.autoAssignFull": [
    "could not assign automatically: every member is at the cap",
    "otomatik atayamadı: tüm üyeler sınırda",
  ],
  "support.history.ticket.autoAssignEmpty": [
    "could not assign automatically: the team has no members",
    "otomatik atayamadı: ekibin üyesi yok",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof assignmentMessages> {}
}
