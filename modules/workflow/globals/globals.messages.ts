import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

export const globalsMessages = defineMessages({
  "workflow.globals.description": [
    "Named values every process can read in conditions and scripts as globals.name. Secrets are stored encrypted and never shown again.",
    "Her sürecin koşullarda ve betiklerde globals.ad olarak okuyabildiği adlandırılmış değerler. Gizli değerler şifreli saklanır ve bir daha gösterilmez.",
  ],
  "workflow.globals.col.name": ["Name", "Ad"],
  "workflow.globals.col.type": ["Type", "Tür"],
  "workflow.globals.col.value": ["Value", "Değer"],
  "workflow.globals.col.description": ["Description", "Açıklama"],
  "workflow.globals.col.updated": ["Last changed", "Son değişiklik"],
  "workflow.globals.type.text": ["Text", "Metin"],
  "workflow.globals.type.number": ["Number", "Sayı"],
  "workflow.globals.type.boolean": ["Yes / no", "Evet / hayır"],
  "workflow.globals.type.json": ["JSON", "JSON"],
  "workflow.globals.type.secret": ["Secret", "Gizli"],
  "workflow.globals.true": ["Yes", "Evet"],
  "workflow.globals.false": ["No", "Hayır"],
  "workflow.globals.empty": ["No global variables yet.", "Henüz genel değişken yok."],
  "workflow.globals.new": ["New variable", "Yeni değişken"],
  "workflow.globals.edit": ["Edit", "Düzenle"],
  "workflow.globals.editNamed": ["Edit {name}", "{name} değişkenini düzenle"],
  "workflow.globals.delete": ["Delete", "Sil"],
  "workflow.globals.deleteConfirm": [
    "Delete the global variable {name}? Processes reading it get nothing.",
    "{name} genel değişkeni silinsin mi? Onu okuyan süreçler boş değer alır.",
  ],
  "workflow.globals.field.name": ["Name (letters, digits and _)", "Ad (harf, rakam ve _)"],
  "workflow.globals.field.type": ["Type", "Tür"],
  "workflow.globals.field.value": ["Value", "Değer"],
  "workflow.globals.field.secretKeep": [
    "New secret value (leave empty to keep the current one)",
    "Yeni gizli değer (mevcut değeri korumak için boş bırakın)",
  ],
  "workflow.globals.field.description": ["Description", "Açıklama"],
  "workflow.globals.save": ["Save", "Kaydet"],
  "workflow.globals.close": ["Close", "Kapat"],
  "workflow.globals.by": ["by {name}", "{name} tarafından"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof globalsMessages> {}
}
