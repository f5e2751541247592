/** The guide's FEEL sections: the expression language of conditions, mappings and scripts. */
import type { GuideSection } from "./guide.types.lib.ts";

export const FEEL_SECTIONS: GuideSection[] = [
  {
    id: "feel-basics",
    title: { en: "FEEL basics", tr: "FEEL temelleri" },
    prose: [{
      en:
        "FEEL (Friendly Enough Expression Language) is the language of every expression in a process: conditions on sequence flows, input and output mappings, user task attributes and FEEL script tasks. Process variables are used by their names; text is written in double quotes; `and`, `or` and `not(...)` combine conditions; `=` compares (there is no `==`).",
      tr:
        "FEEL (Friendly Enough Expression Language), süreçteki tüm ifadelerin dilidir: akış koşulları, girdi ve çıktı eşlemeleri, kullanıcı görevi alanları ve FEEL betik görevleri. Süreç değişkenleri adlarıyla kullanılır; metin çift tırnak içinde yazılır; koşullar `and`, `or` ve `not(...)` ile birleştirilir; karşılaştırma `=` ile yapılır (`==` yoktur).",
    }],
    examples: [
      {
        id: "feel-arithmetic",
        title: { en: "Arithmetic", tr: "Aritmetik" },
        kind: "feel",
        code: "amount * 1.2 + 5",
        variables: { amount: 100 },
        expected: 125,
      },
      {
        id: "feel-strings",
        title: { en: "Joining text", tr: "Metin birleştirme" },
        kind: "feel",
        code: '"Hello, " + name + "!"',
        variables: { name: "Ayşe" },
        expected: "Hello, Ayşe!",
      },
      {
        id: "feel-compare",
        title: { en: "Comparisons and logic", tr: "Karşılaştırma ve mantık" },
        kind: "feel",
        code: "amount >= 1000 and vip",
        variables: { amount: 1500, vip: true },
        expected: true,
      },
      {
        id: "feel-if",
        title: { en: "if … then … else", tr: "if … then … else" },
        kind: "feel",
        code: 'if amount > 1000 then "manager" else "team lead"',
        variables: { amount: 250 },
        expected: "team lead",
      },
      {
        id: "feel-range",
        title: { en: "In a range", tr: "Bir aralıkta" },
        kind: "feel",
        code: "score in [1..10]",
        variables: { score: 5 },
        expected: true,
      },
    ],
  },
  {
    id: "feel-lists",
    title: { en: "Lists, contexts and paths", tr: "Listeler, bağlamlar ve yollar" },
    prose: [{
      en:
        "Lists are written `[1, 2, 3]` and counted from 1. A filter in brackets keeps the matching items (`item` is the current one); `for … return` builds a new list; `some` and `every` ask a question about all items. A context `{ key: value }` is an object; a path `order.customer.name` reads inside objects, and `items.price` collects a field from every item of a list.",
      tr:
        "Listeler `[1, 2, 3]` şeklinde yazılır ve 1'den sayılır. Köşeli parantez içindeki süzgeç uyan öğeleri tutar (`item` o anki öğedir); `for … return` yeni bir liste üretir; `some` ve `every` tüm öğeler hakkında soru sorar. Bağlam `{ anahtar: değer }` bir nesnedir; `order.customer.name` yolu nesnelerin içini okur, `items.price` ise listedeki her öğeden bir alanı toplar.",
    }],
    examples: [
      {
        id: "feel-filter",
        title: { en: "Filter a list", tr: "Listeyi süzme" },
        kind: "feel",
        code: "lines[item.qty > 1].sku",
        variables: { lines: [{ sku: "A", qty: 1 }, { sku: "B", qty: 3 }] },
        expected: ["B"],
      },
      {
        id: "feel-for",
        title: { en: "for … return", tr: "for … return" },
        kind: "feel",
        code: "for x in [1, 2, 3] return x * x",
        variables: {},
        expected: [1, 4, 9],
      },
      {
        id: "feel-some",
        title: { en: "some … satisfies", tr: "some … satisfies" },
        kind: "feel",
        code: "some x in scores satisfies x > 90",
        variables: { scores: [40, 95] },
        expected: true,
      },
      {
        id: "feel-every",
        title: { en: "every … satisfies", tr: "every … satisfies" },
        kind: "feel",
        code: "every x in scores satisfies x >= 50",
        variables: { scores: [40, 95] },
        expected: false,
      },
      {
        id: "feel-path",
        title: { en: "A path into an object", tr: "Nesnenin içine yol" },
        kind: "feel",
        code: "order.customer.name",
        variables: { order: { customer: { name: "Acme" } } },
        expected: "Acme",
      },
      {
        id: "feel-context",
        title: { en: "Build a context", tr: "Bağlam oluşturma" },
        kind: "feel",
        code: "{ total: a + b, doubled: (a + b) * 2 }",
        variables: { a: 1, b: 2 },
        expected: { total: 3, doubled: 6 },
      },
    ],
  },
  {
    id: "feel-functions",
    title: { en: "Built-in functions", tr: "Yerleşik işlevler" },
    prose: [{
      en:
        'Function names may contain spaces (`string length`, `upper case`). Dates are written `date("2026-03-01")`, moments `date and time("2026-03-01T09:00:00")` and durations `duration("P10D")`; adding a duration to a date gives a date, subtracting two dates gives a duration. Results are stored as text: a date as `2026-03-11`, a duration as `P30D`.',
      tr:
        'İşlev adları boşluk içerebilir (`string length`, `upper case`). Tarihler `date("2026-03-01")`, anlar `date and time("2026-03-01T09:00:00")`, süreler `duration("P10D")` olarak yazılır; tarihe süre eklemek tarih, iki tarihi çıkarmak süre verir. Sonuçlar metin olarak saklanır: tarih `2026-03-11`, süre `P30D` biçiminde.',
    }],
    examples: [
      {
        id: "fn-string-length",
        title: { en: "string length", tr: "string length" },
        kind: "feel",
        code: 'string length("merhaba")',
        variables: {},
        expected: 7,
      },
      {
        id: "fn-upper-case",
        title: { en: "upper case", tr: "upper case" },
        kind: "feel",
        code: "upper case(name)",
        variables: { name: "acme" },
        expected: "ACME",
      },
      {
        id: "fn-contains",
        title: { en: "contains", tr: "contains" },
        kind: "feel",
        code: 'contains(email, "@example.com")',
        variables: { email: "ayse@example.com" },
        expected: true,
      },
      {
        id: "fn-sum",
        title: { en: "sum", tr: "sum" },
        kind: "feel",
        code: "sum(items.price)",
        variables: { items: [{ price: 10 }, { price: 20.5 }] },
        expected: 30.5,
      },
      {
        id: "fn-count",
        title: { en: "count", tr: "count" },
        kind: "feel",
        code: "count(approvers)",
        variables: { approvers: ["ayse", "mehmet", "zeynep"] },
        expected: 3,
      },
      {
        id: "fn-date-plus",
        title: { en: "A date plus a duration", tr: "Tarihe süre ekleme" },
        kind: "feel",
        code: 'date(start) + duration("P10D")',
        variables: { start: "2026-03-01" },
        expected: "2026-03-11",
      },
      {
        id: "fn-datetime-plus",
        title: { en: "date and time plus minutes", tr: "Tarih-saate dakika ekleme" },
        kind: "feel",
        code: 'date and time("2026-03-01T09:00:00") + duration("PT90M")',
        variables: {},
        expected: "2026-03-01T10:30:00",
      },
      {
        id: "fn-date-diff",
        title: { en: "Days between two dates", tr: "İki tarih arasındaki gün" },
        kind: "feel",
        code: 'date("2026-03-31") - date("2026-03-01")',
        variables: {},
        expected: "P30D",
      },
    ],
  },
];
