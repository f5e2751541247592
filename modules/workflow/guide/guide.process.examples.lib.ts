/** The guide's process sections: where expressions and scripts go in a BPMN model. */
import type { GuideSection } from "./guide.types.lib.ts";

export const PROCESS_SECTIONS: GuideSection[] = [
  {
    id: "conditions",
    title: { en: "Conditions on sequence flows", tr: "Akış koşulları" },
    prose: [{
      en:
        "A sequence flow leaving an exclusive or inclusive gateway carries a condition. Write FEEL (`amount > 100`, with or without a leading `=`) or the Camunda 7 style `${…}`, which is translated: `&&` becomes `and`, `||` becomes `or`, `==` becomes `=` and `!x` becomes `not(x)`. The flow is taken only when the condition gives exactly `true`; a missing variable gives `null`, so the flow is not taken.",
      tr:
        "Dışlayıcı veya kapsayıcı geçitten çıkan akış bir koşul taşır. FEEL yazın (`amount > 100`, başında `=` olsun ya da olmasın) ya da Camunda 7 biçimindeki `${…}` yazın; çevrilir: `&&` → `and`, `||` → `or`, `==` → `=`, `!x` → `not(x)`. Akış yalnızca koşul tam olarak `true` verdiğinde izlenir; eksik bir değişken `null` verir ve akış izlenmez.",
    }],
    xml:
      '<bpmn:sequenceFlow id="toManager" sourceRef="gw" targetRef="managerApproval">\n  <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${amount > 100 &amp;&amp; vip}</bpmn:conditionExpression>\n</bpmn:sequenceFlow>',
    examples: [
      {
        id: "cond-feel",
        title: { en: "FEEL condition", tr: "FEEL koşulu" },
        kind: "condition",
        code: "=amount > 100",
        variables: { amount: 250 },
        expected: true,
      },
      {
        id: "cond-juel",
        title: { en: "JUEL, translated", tr: "JUEL, çevrilerek" },
        kind: "condition",
        code: "${amount > 100 && vip}",
        variables: { amount: 250, vip: false },
        expected: false,
      },
      {
        id: "cond-juel-not",
        title: { en: "JUEL with == and !", tr: "== ve ! ile JUEL" },
        kind: "condition",
        code: "${status == 'approved' || !blocked}",
        variables: { status: "draft", blocked: false },
        expected: true,
      },
      {
        id: "cond-missing",
        title: { en: "A missing variable", tr: "Eksik değişken" },
        kind: "condition",
        code: "discount > 10",
        variables: {},
        expected: false,
      },
    ],
  },
  {
    id: "io",
    title: { en: "Input and output mappings", tr: "Girdi ve çıktı eşlemeleri" },
    prose: [{
      en:
        "Input parameters (camunda:inputOutput) give a task its inputs; output parameters copy results back into process variables (a service task's answer is available as `result`). A value that starts with `=` is a FEEL expression; anything else is a literal text, taken as written.",
      tr:
        "Girdi parametreleri (camunda:inputOutput) göreve girdilerini verir; çıktı parametreleri sonuçları süreç değişkenlerine geri kopyalar (hizmet görevinin yanıtı `result` adıyla kullanılabilir). `=` ile başlayan değer bir FEEL ifadesidir; diğer her şey yazıldığı gibi alınan düz metindir.",
    }],
    xml:
      '<camunda:inputOutput>\n  <camunda:inputParameter name="subject">=ticket.subject</camunda:inputParameter>\n  <camunda:inputParameter name="channel">Sales</camunda:inputParameter>\n  <camunda:outputParameter name="ticketNumber">=result.number</camunda:outputParameter>\n</camunda:inputOutput>',
    examples: [
      {
        id: "io-feel",
        title: { en: "A FEEL input (=)", tr: "FEEL girdisi (=)" },
        kind: "io",
        code: "=ticket.subject",
        variables: { ticket: { subject: "Printer is broken" } },
        expected: "Printer is broken",
      },
      {
        id: "io-literal",
        title: { en: "A literal input", tr: "Düz metin girdisi" },
        kind: "io",
        code: "Sales",
        variables: {},
        expected: "Sales",
      },
      {
        id: "io-output",
        title: { en: "An output from result", tr: "result'tan çıktı" },
        kind: "io",
        code: "=result.number",
        variables: { result: { id: "…", number: "T-1042" } },
        expected: "T-1042",
      },
    ],
  },
  {
    id: "scripts",
    title: { en: "Script tasks", tr: "Betik görevleri" },
    prose: [
      {
        en:
          "A script task runs a FEEL expression (scriptFormat `feel`) or JavaScript (`javascript` or `js`). The script sees every process variable by its name, the same values in a `variables` object, and the tenant's global variables as `globals`. Its result is the FEEL value, or in JavaScript the last expression or what a top-level `return` gives (it must be JSON: numbers, text, true/false, lists, objects). camunda:resultVariable stores the result in that variable; output parameters can map parts of it (as `result`).",
        tr:
          "Betik görevi bir FEEL ifadesi (scriptFormat `feel`) ya da JavaScript (`javascript` veya `js`) çalıştırır. Betik her süreç değişkenini adıyla, aynı değerleri `variables` nesnesinde, kiracının genel değişkenlerini de `globals` olarak görür. Sonuç FEEL değeridir; JavaScript'te ise son ifade ya da en üst düzeydeki `return` ile verilen değerdir (JSON olmalıdır: sayı, metin, doğru/yanlış, liste, nesne). camunda:resultVariable sonucu o değişkende saklar; çıktı parametreleri sonucun parçalarını (`result` olarak) eşleyebilir.",
      },
      {
        en:
          "JavaScript runs in a sandbox with no network, no files and no clock tricks: at most {deadline} ms and {memory} MB of memory. A script that fails, runs longer or needs more memory stops the process at that step with an incident; an administrator fixes the cause and retries it.",
        tr:
          "JavaScript ağ ve dosya erişimi olmayan yalıtılmış bir ortamda çalışır: en çok {deadline} ms ve {memory} MB bellek. Hata veren, daha uzun süren ya da daha fazla bellek isteyen betik, süreci o adımda bir hata kaydıyla durdurur; yönetici nedeni giderip adımı yeniden dener.",
      },
    ],
    xml:
      '<bpmn:scriptTask id="total" scriptFormat="javascript" camunda:resultVariable="order">\n  <bpmn:script>const total = items.reduce((s, i) => s + i.price * i.qty, 0);\nreturn { total, count: items.length };</bpmn:script>\n</bpmn:scriptTask>',
    examples: [
      {
        id: "script-feel",
        title: { en: "A FEEL script", tr: "FEEL betiği" },
        kind: "script-feel",
        code: 'if sum(items.price) > 1000 then "large" else "small"',
        variables: { items: [{ price: 600 }, { price: 700 }] },
        expected: "large",
      },
      {
        id: "script-js-last",
        title: { en: "JavaScript: the last expression", tr: "JavaScript: son ifade" },
        kind: "script-js",
        code: "customer.name.toUpperCase()",
        variables: { customer: { name: "acme" } },
        expected: "ACME",
      },
      {
        id: "script-js-return",
        title: { en: "JavaScript: return an object", tr: "JavaScript: nesne döndürme" },
        kind: "script-js",
        code:
          "const total = items.reduce((s, i) => s + i.price * i.qty, 0);\nreturn { total, count: items.length };",
        variables: { items: [{ price: 10, qty: 2 }, { price: 5, qty: 1 }] },
        expected: { total: 25, count: 2 },
      },
      {
        id: "script-js-variables",
        title: { en: "JavaScript: the variables object", tr: "JavaScript: variables nesnesi" },
        kind: "script-js",
        code: 'Object.keys(variables).sort().join(", ")',
        variables: { amount: 1, customer: "Acme" },
        expected: "amount, customer",
      },
      {
        id: "script-js-error",
        title: { en: "A failing script", tr: "Hata veren betik" },
        kind: "script-js",
        code: "return missing.total;",
        variables: {},
        error: "'missing' is not defined",
      },
      {
        id: "script-js-timeout",
        title: { en: "A script that never ends", tr: "Hiç bitmeyen betik" },
        kind: "script-js",
        code: "while (true) {}",
        variables: {},
        error: "the script ran longer than",
      },
    ],
  },
];
