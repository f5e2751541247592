/** The guide's modelling sections: timers, tasks, forms, message starts and global variables. */
import type { GuideSection } from "./guide.types.lib.ts";

export const MODEL_SECTIONS: GuideSection[] = [
  {
    id: "timers",
    title: { en: "Timers", tr: "Zamanlayıcılar" },
    prose: [{
      en:
        "A timer event is written in one of three ways. timeDate: an ISO 8601 moment (`2026-02-01T08:00:00Z`). timeDuration: an ISO 8601 duration from the moment the timer starts (`P2D` two days, `PT15M` fifteen minutes, `P1DT12H`). timeCycle: a repeat `R3/PT10M` (three times, every ten minutes), `R/P1D` (every day, endlessly) or a cron expression (`0 9 * * 1-5`: weekdays at 09:00, server time UTC). Any of them may be an expression (`=reminder`). The examples count from Monday 5 January 2026, 09:00 UTC.",
      tr:
        "Zamanlayıcı olayı üç biçimde yazılır. timeDate: ISO 8601 an (`2026-02-01T08:00:00Z`). timeDuration: zamanlayıcının başladığı andan itibaren ISO 8601 süre (`P2D` iki gün, `PT15M` on beş dakika, `P1DT12H`). timeCycle: yineleme `R3/PT10M` (on dakikada bir, üç kez), `R/P1D` (her gün, sonsuza dek) ya da cron ifadesi (`0 9 * * 1-5`: hafta içi her gün 09:00, sunucu saati UTC). Hepsi bir ifade de olabilir (`=reminder`). Örnekler 5 Ocak 2026 Pazartesi 09:00 UTC'den sayar.",
    }],
    xml:
      '<bpmn:boundaryEvent id="remind" attachedToRef="approve" cancelActivity="false">\n  <bpmn:timerEventDefinition>\n    <bpmn:timeCycle>R3/PT10M</bpmn:timeCycle>\n  </bpmn:timerEventDefinition>\n</bpmn:boundaryEvent>',
    examples: [
      {
        id: "timer-date",
        title: { en: "timeDate", tr: "timeDate" },
        kind: "timer",
        timer: "date",
        code: "2026-02-01T08:00:00Z",
        variables: {},
        expected: { dueAt: "2026-02-01T08:00:00.000Z", cycle: null },
      },
      {
        id: "timer-p2d",
        title: { en: "timeDuration P2D", tr: "timeDuration P2D" },
        kind: "timer",
        timer: "duration",
        code: "P2D",
        variables: {},
        expected: { dueAt: "2026-01-07T09:00:00.000Z", cycle: null },
      },
      {
        id: "timer-pt15m",
        title: { en: "timeDuration PT15M", tr: "timeDuration PT15M" },
        kind: "timer",
        timer: "duration",
        code: "PT15M",
        variables: {},
        expected: { dueAt: "2026-01-05T09:15:00.000Z", cycle: null },
      },
      {
        id: "timer-expression",
        title: { en: "A duration from a variable", tr: "Değişkenden süre" },
        kind: "timer",
        timer: "duration",
        code: "=reminder",
        variables: { reminder: "P1DT12H" },
        expected: { dueAt: "2026-01-06T21:00:00.000Z", cycle: null },
      },
      {
        id: "timer-repeat",
        title: { en: "timeCycle R3/PT10M", tr: "timeCycle R3/PT10M" },
        kind: "timer",
        timer: "cycle",
        code: "R3/PT10M",
        variables: {},
        expected: { dueAt: "2026-01-05T09:10:00.000Z", cycle: "R2/PT10M" },
      },
      {
        id: "timer-cron",
        title: { en: "timeCycle as cron", tr: "cron ile timeCycle" },
        kind: "timer",
        timer: "cycle",
        code: "0 9 * * 1-5",
        variables: {},
        expected: { dueAt: "2026-01-06T09:00:00.000Z", cycle: "0 9 * * 1-5" },
      },
      {
        id: "timer-bad",
        title: { en: "Not a duration", tr: "Süre değil" },
        kind: "timer",
        timer: "duration",
        code: "2 days",
        variables: {},
        error: "not an ISO 8601 duration",
      },
    ],
  },
  {
    id: "service-tasks",
    title: { en: "Service tasks", tr: "Hizmet görevleri" },
    prose: [{
      en:
        "A service task has camunda:type=\"external\" and a camunda:topic. `agent:<agent name>` runs that Automation agent with the task's inputs and waits for its run; the process goes on with the run's result. A platform operation's name calls it, with the input parameters as its input and the permissions it needs. Any other topic is an external task: the process waits until a worker of yours fetches it from /api/workflow/external-tasks/fetch-and-lock (with an API token allowed to work on external tasks) and completes it. The operations available now:",
      tr:
        'Hizmet görevinde camunda:type="external" ve bir camunda:topic bulunur. `agent:<ajan adı>` o Otomasyon ajanını görevin girdileriyle çalıştırır ve çalışmanın bitmesini bekler; süreç çalışmanın sonucuyla devam eder. Bir platform işleminin adı o işlemi çağırır; girdi parametreleri işlemin girdisi olur ve yalnızca gereken yetkiyle çağrılır. Diğer her konu harici bir görevdir: süreç, sizin bir çalışanınız onu /api/workflow/external-tasks/fetch-and-lock üzerinden alıp (harici görevleri işleme yetkisi olan bir API anahtarıyla) tamamlayana kadar bekler. Şu anda kullanılabilen işlemler:',
    }],
    list: "operations",
    xml:
      '<bpmn:serviceTask id="open" camunda:type="external" camunda:topic="support.tickets.create">\n  <bpmn:extensionElements><camunda:inputOutput>\n    <camunda:inputParameter name="subject">="Access for " + employee</camunda:inputParameter>\n  </camunda:inputOutput></bpmn:extensionElements>\n</bpmn:serviceTask>',
    examples: [{
      id: "service-input",
      title: { en: "An operation's input", tr: "İşlem girdisi" },
      kind: "io",
      code: '="Access for " + employee',
      variables: { employee: "Zeynep Kaya" },
      expected: "Access for Zeynep Kaya",
    }],
  },
  {
    id: "user-tasks",
    title: { en: "User tasks", tr: "Kullanıcı görevleri" },
    prose: [{
      en:
        "camunda:assignee is a user's e-mail address or an expression (`=starter`, `${starter}`). camunda:candidateGroups lists our role names separated by commas (owner, admin, agent, member, viewer or a custom role): everyone holding one of them sees the task in their pool. camunda:dueDate and camunda:followUpDate are an ISO date, a duration from now (`P2D`) or an expression. camunda:priority is one of `dusuk` (low), `normal`, `yuksek` (high), `kritik` (critical), or a number 0-100 (below 25 low, below 50 normal, below 75 high, otherwise critical).",
      tr:
        "camunda:assignee bir kullanıcının e-posta adresi ya da bir ifadedir (`=starter`, `${starter}`). camunda:candidateGroups virgülle ayrılmış rol adlarımızı listeler (owner, admin, agent, member, viewer ya da özel bir rol): bu rollerden birine sahip herkes görevi havuzunda görür. camunda:dueDate ve camunda:followUpDate bir ISO tarih, şimdiden itibaren bir süre (`P2D`) ya da bir ifadedir. camunda:priority `dusuk` (düşük), `normal`, `yuksek` (yüksek), `kritik` değerlerinden biri ya da 0-100 arası bir sayıdır (25'in altı düşük, 50'nin altı normal, 75'in altı yüksek, üstü kritik).",
    }],
    xml:
      '<bpmn:userTask id="approve" name="Approve"\n  camunda:candidateGroups="admin,finance"\n  camunda:dueDate="P2D"\n  camunda:priority="=if amount > 5000 then &quot;kritik&quot; else &quot;normal&quot;" />',
    examples: [
      {
        id: "user-assignee",
        title: { en: "Assignee from a variable", tr: "Değişkenden atanan kişi" },
        kind: "io",
        code: "${starter}",
        variables: { starter: "ayse@example.com" },
        expected: "ayse@example.com",
      },
      {
        id: "user-priority",
        title: { en: "Priority by amount", tr: "Tutara göre öncelik" },
        kind: "io",
        code: '=if amount > 5000 then "kritik" else "normal"',
        variables: { amount: 12000 },
        expected: "kritik",
      },
    ],
  },
  {
    id: "forms",
    title: { en: "Form fields", tr: "Form alanları" },
    prose: [{
      en:
        "A user task (or the start event, for the catalog's start form) asks for data with camunda:formData. Each camunda:formField has an id (the variable it fills), a label, a type — string (text), long (whole number), boolean (yes/no), date (a day, stored as `2026-01-05`), enum (one of the listed values) — an optional defaultValue and the `required` constraint. After the form is sent, the values are process variables of that type; camunda:formKey is kept as written.",
      tr:
        "Kullanıcı görevi (ya da katalogdaki başlangıç formu için başlangıç olayı) camunda:formData ile veri ister. Her camunda:formField alanının bir kimliği (doldurduğu değişken), etiketi ve türü vardır — string (metin), long (tam sayı), boolean (evet/hayır), date (gün, `2026-01-05` olarak saklanır), enum (listelenen değerlerden biri) — isteğe bağlı defaultValue ve `required` kısıtı. Form gönderildikten sonra değerler o türde süreç değişkenleridir; camunda:formKey yazıldığı gibi saklanır.",
    }],
    xml:
      '<camunda:formData>\n  <camunda:formField id="amount" label="Amount" type="long">\n    <camunda:validation><camunda:constraint name="required" /></camunda:validation>\n  </camunda:formField>\n  <camunda:formField id="approved" label="Approved" type="boolean" />\n  <camunda:formField id="startDate" label="Start date" type="date" />\n  <camunda:formField id="level" label="Level" type="enum">\n    <camunda:value id="low" name="Low" /><camunda:value id="high" name="High" />\n  </camunda:formField>\n</camunda:formData>',
    examples: [{
      id: "form-values",
      title: { en: "Using the form's values", tr: "Form değerlerini kullanma" },
      kind: "condition",
      code:
        '=approved and amount <= 5000 and level = "low" and date(startDate) > date("2026-01-01")',
      variables: { approved: true, amount: 1200, level: "low", startDate: "2026-01-05" },
      expected: true,
    }],
  },
  {
    id: "message-start",
    title: { en: "Message start events", tr: "Mesajla başlayan süreçler" },
    prose: [{
      en:
        "A message start event's message name is a domain event of the platform: when it happens, a new instance starts and the event's data is the variable `event`. The events available now:",
      tr:
        "Mesaj başlangıç olayının mesaj adı platformun bir alan olayıdır: olay gerçekleştiğinde yeni bir süreç başlar ve olayın verisi `event` değişkeni olur. Şu anda kullanılabilen olaylar:",
    }],
    list: "events",
    xml:
      '<bpmn:message id="m1" name="support.ticket.created" />\n<bpmn:startEvent id="start"><bpmn:messageEventDefinition messageRef="m1" /></bpmn:startEvent>',
    examples: [{
      id: "message-event",
      title: { en: "Reading the event", tr: "Olayı okuma" },
      kind: "condition",
      code: '=event.ticket.priority = "kritik"',
      variables: { event: { ticket: { number: "T-1042", priority: "kritik" } } },
      expected: true,
    }],
  },
  {
    id: "globals",
    title: { en: "Global variables", tr: "Genel değişkenler" },
    prose: [{
      en:
        "Values every process of the tenant shares (a VAT rate, an approval limit, a team's e-mail address) are kept once as global variables and read as `globals.<name>` in any expression or script. A process variable with the same name does not hide them: `globals` always means the tenant's global variables. An administrator changes them without deploying the processes again.",
      tr:
        "Kiracının tüm süreçlerinin paylaştığı değerler (KDV oranı, onay sınırı, bir ekibin e-posta adresi) bir kez genel değişken olarak tutulur ve her ifade ya da betikte `globals.<ad>` olarak okunur. Aynı adlı bir süreç değişkeni onları gizlemez: `globals` her zaman kiracının genel değişkenleridir. Yönetici bunları süreçleri yeniden yayımlamadan değiştirir.",
    }],
    examples: [
      {
        id: "globals-feel",
        title: { en: "A global in FEEL", tr: "FEEL'de genel değişken" },
        kind: "feel",
        code: "net * (1 + globals.vatRate)",
        variables: { net: 100, globals: { vatRate: 0.2 } },
        expected: 120,
      },
      {
        id: "globals-js",
        title: { en: "A global in JavaScript", tr: "JavaScript'te genel değişken" },
        kind: "script-js",
        code: "amount > globals.approvalLimit",
        variables: { amount: 7500, globals: { approvalLimit: 5000 } },
        expected: true,
      },
    ],
  },
];
