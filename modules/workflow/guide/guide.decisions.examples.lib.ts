/** The guide's decision table section: business rule tasks and reading their result. */
import type { GuideSection } from "./guide.types.lib.ts";

export const DECISION_SECTIONS: GuideSection[] = [
  {
    id: "decisions",
    title: {
      en: "Decision tables (business rule tasks)",
      tr: "Karar tabloları (iş kuralı görevleri)",
    },
    prose: [
      {
        en:
          'A business rule task evaluates a DMN decision table (Workflow › Decision tables) named by `camunda:decisionRef`, always its latest deployed version. Each input column is a FEEL expression over the process variables; each rule cell is a FEEL unary test on that input (`< 1000`, `[1000..10000)`, `"TR","DE"`, `not("US")`, `-` for any). The hit policy decides the answer: UNIQUE (two matching rules are an error), FIRST, PRIORITY (by the output\'s listed values), ANY, COLLECT (with SUM, MIN, MAX or COUNT) and RULE ORDER.',
        tr:
          'İş kuralı görevi, `camunda:decisionRef` ile adı verilen DMN karar tablosunu (İş Akışı › Karar tabloları) her zaman yayınlanan son sürümüyle değerlendirir. Her girdi sütunu süreç değişkenleri üzerinde bir FEEL ifadesidir; her kural hücresi bu girdi üzerinde bir FEEL tekli testidir (`< 1000`, `[1000..10000)`, `"TR","DE"`, `not("US")`, her şey için `-`). Eşleşme politikası yanıtı belirler: UNIQUE (iki eşleşen kural hatadır), FIRST, PRIORITY (çıktının listelenen değerlerine göre), ANY, COLLECT (SUM, MIN, MAX veya COUNT ile) ve RULE ORDER.',
      },
      {
        en:
          "`camunda:resultVariable` stores the result as `camunda:mapDecisionResult` says: `resultList` (default, a list of objects), `singleResult` (one object, or null), `singleEntry` (one value) or `collectEntries` (a list of values). A missing table or a broken UNIQUE stops the token with an incident that names the reason; after fixing the table, retry it.",
        tr:
          "`camunda:resultVariable`, sonucu `camunda:mapDecisionResult` ne diyorsa öyle saklar: `resultList` (varsayılan, nesne listesi), `singleResult` (tek nesne ya da null), `singleEntry` (tek değer) veya `collectEntries` (değer listesi). Eksik tablo ya da bozulan UNIQUE, nedenini belirten bir olayla belirteci durdurur; tabloyu düzelttikten sonra yeniden deneyin.",
      },
    ],
    xml:
      '<bpmn:businessRuleTask id="route" name="Who approves?"\n  camunda:decisionRef="approval_level"\n  camunda:resultVariable="approval"\n  camunda:mapDecisionResult="singleResult" />',
    examples: [
      {
        id: "decision-gateway",
        title: { en: "A gateway reads a singleResult", tr: "Geçit bir singleResult okur" },
        kind: "condition",
        code: '=approval.approver = "manager"',
        variables: { approval: { approver: "manager" } },
        expected: true,
      },
      {
        id: "decision-list",
        title: { en: "Summing a resultList", tr: "Bir resultList'i toplamak" },
        kind: "feel",
        code: "sum(for r in risks return r.points)",
        variables: { risks: [{ points: 10 }, { points: 25 }] },
        expected: 35,
      },
    ],
  },
];
