/**
 * One tenant with representative data in every built module, so every page has something to
 * show: the page crawl (crawl.test.ts) and the screenshots (scripts/screenshots.ts) use it.
 *
 * Everything goes through the HTTP API of the shared test app (tests/helpers.ts testApp), as a
 * client would; only the tenant itself is created by the service, because its owner is also a
 * platform operator (so the /admin pages of operators appear too).
 */
import { withScope } from "../../shared/db/scope.ts";
import { createTenant } from "../../platform/identity/tenants.service.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { callApp, type Caller, PASSWORD, testApp, unique } from "../helpers.ts";

export interface Seeded {
  tenant: { id: string; slug: string; name: string };
  /** The tenant owner, also a platform operator. */
  owner: Caller;
  /** A Support agent and project member, assignee of tickets and tasks. */
  agent: Caller;
  ids: Record<string, string>;
  /** Detail pages of seeded records (the crawl also finds them from the lists). */
  pages: {
    ticket: string;
    customer: string;
    file: string;
    board: string;
    task: string;
    agent: string;
    job: string;
    run: string;
    process: string;
    workflowTask: string;
    definition: string;
  };
}

type Json = Record<string, unknown>;

/** Calls the API as `who` and returns the JSON answer, failing loudly on an unexpected status. */
async function send(who: Caller, method: string, path: string, body?: unknown, status = 201) {
  const res = await who.call(method, path, body);
  const text = await res.text();
  if (res.status !== status) {
    throw new Error(`seed: ${method} ${path} answered ${res.status}, not ${status}: ${text}`);
  }
  return (text ? JSON.parse(text) : null) as Json;
}

function callerOf(id: string, email: string, token: string): Caller {
  return {
    id,
    email,
    token,
    call: (method, path, body, headers) => callApp(path, { method, body, token, headers }),
  };
}

async function signIn(email: string, tenant: string): Promise<Caller> {
  const res = await callApp("/api/auth/login", {
    method: "POST",
    body: { email, password: PASSWORD, tenant },
  });
  if (res.status !== 200) throw new Error(`seed: sign-in of ${email}: ${await res.text()}`);
  const body = await res.json();
  return callerOf(body.user.id, email, body.accessToken);
}

/** Multipart upload (the API streams files, so it takes form data, not JSON). */
async function upload(
  who: Caller,
  name: string,
  content: Uint8Array,
  type: string,
  folder?: string,
) {
  const { app } = await testApp();
  const form = new FormData();
  form.append("file", new File([content as BlobPart], name, { type }));
  const res = await app.request(
    `/api/documents/files/upload${folder ? `?folderId=${folder}` : ""}`,
    { method: "POST", headers: { Authorization: `Bearer ${who.token}` }, body: form },
  );
  if (res.status !== 201) throw new Error(`seed: upload ${name}: ${await res.text()}`);
  return (await res.json()).items[0] as Json;
}

const text = (s: string) => new TextEncoder().encode(s);
/** The smallest PDF readers accept: enough for a file with a real type. */
const PDF = text(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n" +
    "2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const day = (offset: number) =>
  new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

/** A fresh tenant whose owner is a platform operator, plus an agent, through the API. */
async function people() {
  const { platform } = await testApp();
  const slug = unique("crawl").toLowerCase().slice(0, 60);
  const email = `${slug}-owner@example.test`;
  const name = "Ekinoks Bilişim";
  const created = await withScope(platform.db.sql, {}, (tx) =>
    createTenant({ sql: tx }, {
      slug,
      name,
      owner: { email, name: "Özlem Yıldız", password: PASSWORD },
      ownerIsOperator: true,
      roles: platform.roles,
    }));
  const owner = await signIn(email, slug);
  const agentEmail = `${slug}-agent@example.test`;
  await send(owner, "POST", "/api/admin/users", {
    email: agentEmail,
    name: "Can Demir",
    password: PASSWORD,
    roles: ["agent", "member"],
  });
  const agent = await signIn(agentEmail, slug);
  return { tenant: { id: created.tenant.id, slug, name }, owner, agent };
}

const SUPPORT = "/api/support";
const WEEKDAYS = Object.fromEntries(
  ["1", "2", "3", "4", "5"].map((d) => [d, [["09:00", "18:00"]]]),
);
const targets = Object.fromEntries(
  [["dusuk", 480, 4800], ["normal", 240, 2400], ["yuksek", 60, 960], ["kritik", 30, 480]]
    .map(([p, fr, res]) => [p, { firstResponseMinutes: fr, resolutionMinutes: res }]),
);

/** Support: customers (firm and person), contract, SLA, tickets in every status, a rule. */
async function support(owner: Caller, agent: Caller) {
  const ids: Record<string, string> = {};
  const company = await send(owner, "POST", `${SUPPORT}/companies`, {
    name: "Anadolu Lojistik A.Ş.",
  });
  const contact = await send(owner, "POST", `${SUPPORT}/contacts`, {
    name: "Ayşe Kaya",
    companyId: company.id,
    email: "ayse.kaya@example.test",
  });
  await send(owner, "POST", `${SUPPORT}/departments`, { name: "Bilgi İşlem" });
  await send(owner, "POST", `${SUPPORT}/teams`, { name: "Birinci Seviye", memberIds: [agent.id] });
  const sla = await send(owner, "POST", `${SUPPORT}/sla-policy`, {
    name: "Standart destek",
    targets,
    calendar: { timeZone: "Europe/Istanbul", weekly: WEEKDAYS, holidays: [] },
    isDefault: true,
  });
  const firm = await send(owner, "POST", `${SUPPORT}/customers`, {
    kind: "firm",
    name: "Anadolu Lojistik",
    email: "destek@anadolu.example.test",
    locale: "tr",
    companyId: company.id,
    contactId: contact.id,
  });
  const person = await send(owner, "POST", `${SUPPORT}/customers`, {
    kind: "person",
    name: "Deniz Yılmaz",
    email: "deniz@example.test",
    locale: "en",
  });
  await send(owner, "POST", `${SUPPORT}/contracts`, {
    customerId: firm.id,
    name: "Altın bakım sözleşmesi",
    startsOn: day(-200),
    endsOn: day(20),
    slaPolicyId: sla.id,
  });
  await send(owner, "POST", `${SUPPORT}/email-template`, {
    kind: "opened",
    locale: "tr",
    subject: "Talebiniz alındı: {{ticket.number}}",
    body: "Merhaba {{customer.name}}, talebinizi aldık.",
  });
  await send(owner, "POST", `${SUPPORT}/notification-rules`, {
    name: "Kritik talepleri bildir",
    event: "support.ticket.created",
    condition: { all: [{ field: "ticket.priority", op: "eq", value: "kritik" }] },
    actions: [{ type: "notify", userIds: [owner.id], title: "Yeni kritik talep" }],
  });

  const ticket = async (subject: string, priority: string, customerId: string) =>
    await send(agent, "POST", `${SUPPORT}/support-ticket`, {
      subject,
      description: "Sabahtan beri sorun devam ediyor.\n\nEkran görüntüsü ektedir.",
      priority,
      customerId,
      assigneeId: agent.id,
      tags: ["vpn"],
    });
  const status = (id: unknown, next: string) =>
    send(agent, "PUT", `${SUPPORT}/support-ticket/${id}`, { status: next }, 200);
  const comment = (id: unknown, body: string, visibility = "public") =>
    send(agent, "POST", `${SUPPORT}/support-ticket/${id}/comments`, {
      body,
      format: "markdown",
      visibility,
    });

  const open = await ticket("Yazıcı çıktı vermiyor", "dusuk", person.id as string);
  await comment(open.id, "Hangi yazıcı modelini kullanıyorsunuz?");
  const working = await ticket("VPN bağlantısı kopuyor", "yuksek", firm.id as string);
  await status(working.id, "islemde");
  await comment(working.id, "**Günlükleri** inceliyoruz.");
  await comment(working.id, "Sunucu tarafında zaman aşımı görülüyor.", "internal");
  const resolved = await ticket(
    "Şifre sıfırlama e-postası gelmiyor",
    "normal",
    person.id as string,
  );
  await status(resolved.id, "islemde");
  await status(resolved.id, "cozuldu");
  await comment(resolved.id, "Spam klasörüne düşüyordu, kural eklendi.");
  const closed = await ticket("Sunucu odasında ısı alarmı", "kritik", firm.id as string);
  await comment(closed.id, "Klima servisi çağrıldı.");
  await status(closed.id, "cozuldu");
  await send(agent, "POST", `${SUPPORT}/support-ticket/${closed.id}/close`, undefined, 200);

  Object.assign(ids, {
    company: company.id,
    contact: contact.id,
    sla: sla.id,
    firm: firm.id,
    person: person.id,
    ticketOpen: open.id,
    ticketWorking: working.id,
    ticketResolved: resolved.id,
    ticketClosed: closed.id,
  });
  return ids;
}

const DOCS = "/api/documents";

/** Documents: folders, files (one with a Turkish name), a public link, a trashed file. */
async function documents(owner: Caller) {
  const reports = await send(owner, "POST", `${DOCS}/folders`, { name: "Raporlar" });
  await send(owner, "POST", `${DOCS}/folders`, { name: "2026", parentId: reports.id });
  await send(owner, "POST", `${DOCS}/folders`, { name: "Sözleşmeler" });
  const february = await upload(
    owner,
    "Şubat Raporu.pdf",
    PDF,
    "application/pdf",
    reports.id as string,
  );
  await upload(owner, "Toplantı notları.txt", text("Gündem: bütçe, işe alım."), "text/plain");
  await upload(owner, "bütçe.csv", text("ay,tutar\nocak,100\nşubat,120\n"), "text/csv");
  const old = await upload(owner, "eski taslak.txt", text("taslak"), "text/plain");
  await send(owner, "POST", `${DOCS}/sharing`, {
    targetType: "file",
    targetId: february.id,
    kind: "public",
    expiresAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
  });
  await send(owner, "DELETE", `${DOCS}/files/${old.id}`, undefined, 204);
  return { folder: reports.id as string, file: february.id as string, trashed: old.id as string };
}

const PROJECTS = "/api/projects";

/** Projects: default statuses, a task of every priority, assignee, blocker, comments. */
async function projects(owner: Caller, agent: Caller) {
  const project = await send(owner, "POST", `${PROJECTS}/projects`, {
    name: "Web sitesi yenileme",
    description: "Kurumsal sitenin yeni tasarımı.",
    status: "aktif",
    startDate: day(-10),
    dueDate: day(30),
  });
  await send(owner, "POST", `${PROJECTS}/projects`, {
    name: "Mobil uygulama",
    status: "planlamada",
  });
  await send(owner, "POST", `${PROJECTS}/projects/${project.id}/members`, {
    userId: agent.id,
    role: "member",
  });
  const task = (title: string, priority: string, extra: Json = {}) =>
    send(owner, "POST", `${PROJECTS}/tasks`, { projectId: project.id, title, priority, ...extra });
  const design = await task("Tasarım taslağı", "yuksek", {
    assigneeId: agent.id,
    dueDate: day(1),
    labels: ["tasarım"],
    estimate: 8,
  });
  const build = await task("Ana sayfayı kodla", "kritik", {
    assigneeId: owner.id,
    blockedBy: [design.id],
    dueDate: day(5),
  });
  await task("İçerik metinleri", "normal", { assigneeId: agent.id });
  await task("Eski sayfaları arşivle", "dusuk");
  await send(agent, "POST", `${PROJECTS}/comments`, {
    taskId: build.id,
    body: `Tasarım bitince başlıyorum. @${owner.email.split("@")[0]} onaylar mısın?`,
  });
  await send(owner, "POST", `${PROJECTS}/comments`, {
    taskId: design.id,
    body: "**Renkler** net.",
  });
  return {
    project: project.id as string,
    task: design.id as string,
    blockedTask: build.id as string,
  };
}

const AUTOMATION = "/api/automation";

/** A script that works offline: a few log lines and a result. */
const REPORT_SCRIPT = `export default async function (ctx) {
  ctx.log.info("Rapor hazırlanıyor");
  const rows = [12, 7, 3];
  ctx.log.info("Satır sayısı: " + rows.length);
  return { total: rows.reduce((a, b) => a + b, 0) };
}
`;

/** A script whose supplier answers with an error that names a time, as remote systems do. */
const SUPPLIER_SCRIPT = `export default async function (ctx) {
  ctx.log.info("Tedarikçi stokları okunuyor");
  throw new Error("Tedarikçi servisi bakımda, tekrar deneyin: 2026-01-12T09:30:00Z");
}
`;

/**
 * Automation: agents from a template and blank, a manual job that has run once (the run is
 * executed here by a dispatcher of its own, so history, dashboard and run pages have content),
 * a job whose run failed with a time in its error (the dashboard's failures, the failure
 * notice), a disabled cron job.
 */
async function automation(owner: Caller) {
  const { platform } = await testApp();
  const report = await send(owner, "POST", `${AUTOMATION}/agents`, {
    name: "Günlük rapor",
    description: "Açık talepleri ve projeleri özetler.",
    template: "open-tickets-digest",
    code: REPORT_SCRIPT,
  });
  await send(owner, "POST", `${AUTOMATION}/agents`, {
    name: "Müşteri aktarımı",
    template: "import-customers",
  });
  const job = await send(owner, "POST", `${AUTOMATION}/jobs`, {
    name: "Rapor (elle)",
    agentId: report.id,
    triggerKind: "manual",
  });
  await send(owner, "POST", `${AUTOMATION}/jobs`, {
    name: "Gece raporu",
    agentId: report.id,
    triggerKind: "cron",
    cron: "0 6 * * 1-5",
    timezone: "Europe/Istanbul",
    enabled: false,
  });
  const supplier = await send(owner, "POST", `${AUTOMATION}/agents`, {
    name: "Tedarikçi stokları",
    kind: "script",
    code: SUPPLIER_SCRIPT,
  });
  const failing = await send(owner, "POST", `${AUTOMATION}/jobs`, {
    name: "Stok eşitleme",
    agentId: supplier.id,
    triggerKind: "manual",
  });
  const queued = await send(owner, "POST", `${AUTOMATION}/jobs/${job.id}/run`, undefined, 202);
  await send(owner, "POST", `${AUTOMATION}/jobs/${failing.id}/run`, undefined, 202);
  const dispatcher = new Dispatcher(platform.db, platform.jobs, {
    onlyNames: ["automation.run"],
  });
  await dispatcher.drain();
  return { agent: report.id as string, job: job.id as string, run: queued.runId as string };
}

const WORKFLOW = "/api/workflow";

/** A small model whose gateway has no default: a start with `route` other than a/b stops there. */
const ROUTING_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Definitions_routing"
  targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="routing" name="Talep yönlendirme" isExecutable="true">
    <bpmn:startEvent id="start" name="Talep geldi"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:exclusiveGateway id="route" name="Hangi ekip?">
      <bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>fa</bpmn:outgoing><bpmn:outgoing>fb</bpmn:outgoing>
    </bpmn:exclusiveGateway>
    <bpmn:userTask id="sales" name="Satış inceler" camunda:candidateGroups="member"
      xmlns:camunda="http://camunda.org/schema/1.0/bpmn">
      <bpmn:incoming>fa</bpmn:incoming><bpmn:outgoing>fa2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:userTask id="it" name="Bilgi işlem inceler" camunda:candidateGroups="agent"
      xmlns:camunda="http://camunda.org/schema/1.0/bpmn">
      <bpmn:incoming>fb</bpmn:incoming><bpmn:outgoing>fb2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="end" name="Bitti"><bpmn:incoming>fa2</bpmn:incoming><bpmn:incoming>fb2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="route" />
    <bpmn:sequenceFlow id="fa" name="Satış" sourceRef="route" targetRef="sales">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">=team = "satis"</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="fb" name="Bilgi işlem" sourceRef="route" targetRef="it">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">=team = "bt"</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="fa2" sourceRef="sales" targetRef="end" />
    <bpmn:sequenceFlow id="fb2" sourceRef="it" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;

/**
 * Workflow: the approval process deployed and started three times (one waiting in the pool,
 * one approved and completed, one of a second model stopped by an incident at its gateway), a
 * stand-alone task of the owner, a task handed over to the agent and a standing delegation.
 * startInstance runs the synchronous steps in its own transaction, so no dispatcher is needed.
 */
async function workflow(owner: Caller, agent: Caller) {
  const xml = await Deno.readTextFile(
    new URL("../workflow/fixtures/approval.bpmn", import.meta.url),
  );
  const approval = await send(owner, "POST", `${WORKFLOW}/admin/process`, {
    xml,
    name: "Satın alma onayı",
    description: "Tutarı girilen satın alma talepleri yönetici onayına gider.",
    category: "Satın alma",
    deploy: true,
  });
  await send(owner, "PATCH", `${WORKFLOW}/admin/process/${approval.id}`, { startable: true }, 200);
  const routing = await send(owner, "POST", `${WORKFLOW}/admin/process`, {
    xml: ROUTING_BPMN,
    category: "Destek",
    deploy: true,
  });
  const start = (definitionId: unknown, variables: Json, businessKey: string) =>
    send(owner, "POST", `${WORKFLOW}/process`, { definitionId, variables, businessKey });
  const waiting = await start(approval.id, { amount: 18500 }, "SA-2026-014");
  const done = await start(approval.id, { amount: 2400 }, "SA-2026-011");
  const detail = await send(agent, "GET", `${WORKFLOW}/process/${done.id}`, undefined, 200);
  const approve = (detail.openTasks as Json[])[0].id;
  await send(agent, "POST", `${WORKFLOW}/tasks/${approve}/claim`, undefined, 200);
  await send(agent, "POST", `${WORKFLOW}/tasks/${approve}/complete`, {
    data: { approved: true },
  }, 200);
  await start(routing.id, { team: "muhasebe" }, "DT-0042");
  // Version 2 names its steps in Turkish: the waiting instance stays on version 1 and the
  // migration screen has something to move.
  const turkish = [
    ["Request received", "Talep alındı"],
    ["Approved?", "Onaylandı mı?"],
    ["Approve", "Onayla"],
    ["Approved", "Onaylandı"],
    ["Rejected", "Reddedildi"],
    ["yes", "evet"],
    ["no", "hayır"],
  ];
  const v2 = turkish.reduce((x, [en, tr]) => x.replaceAll(`name="${en}"`, `name="${tr}"`), xml);
  await send(owner, "POST", `${WORKFLOW}/admin/process/${approval.id}/deploy`, {
    xml: v2,
    note: "Adımlar Türkçe adlandırıldı",
  });
  const own = await send(owner, "POST", `${WORKFLOW}/tasks`, {
    name: "Tedarikçi sözleşmesini gözden geçir",
    description: "Yeni tedarikçinin ödeme koşullarını ve ceza maddelerini kontrol et.",
    assignee: owner.id,
    priority: "yuksek",
    dueAt: new Date(Date.now() + 2 * 86400_000).toISOString(),
    formFields: [
      { id: "uygun", label: "Sözleşme uygun mu?", type: "boolean" },
      { id: "not", label: "Not", type: "string" },
    ],
  });
  const handed = await send(owner, "POST", `${WORKFLOW}/tasks`, {
    name: "Fatura itirazını yanıtla",
    assignee: owner.id,
    priority: "normal",
  });
  await send(owner, "PUT", `${WORKFLOW}/delegations`, {
    taskId: handed.id,
    toUserId: agent.id,
    mode: "delegate",
    note: "İzindeyim, sen yanıtlar mısın?",
  }, 200);
  // Global variables: a text that holds a time, a JSON value with one.
  await send(owner, "PUT", `${WORKFLOW}/globals/son_kapanis`, {
    type: "text",
    value: "2026-01-12T09:30:00Z",
    description: "Son dönem kapanışı",
  }, 200);
  await send(owner, "PUT", `${WORKFLOW}/globals/tatil`, {
    type: "json",
    value: { baslangic: "2026-04-23T00:00:00+03:00", gun: 1 },
    description: "Resmi tatil",
  }, 200);
  await send(owner, "POST", `${WORKFLOW}/delegations/standing`, {
    toUserId: agent.id,
    startsAt: new Date(Date.now() + 86400_000).toISOString(),
    endsAt: new Date(Date.now() + 15 * 86400_000).toISOString(),
    reason: "Yıllık izin",
  });
  return {
    definition: approval.id as string,
    process: waiting.id as string,
    workflowTask: own.id as string,
  };
}

/**
 * Seeds a fresh tenant. Works on the shared test app (PGlite or DATABASE_URL), so any number of
 * calls can share one database.
 */
export async function seedTenant(): Promise<Seeded> {
  const { tenant, owner, agent } = await people();
  const s = await support(owner, agent);
  const d = await documents(owner);
  const p = await projects(owner, agent);
  const a = await automation(owner);
  const w = await workflow(owner, agent);
  // Inbox entries of the owner (rules and mentions add more once their jobs have run).
  await send(owner, "POST", "/api/notifications", {
    userId: owner.id,
    title: "Sözleşme yenilemesi yaklaşıyor",
    body: "Altın bakım sözleşmesi 20 gün içinde bitiyor.",
    link: "/support/contracts",
  });
  await send(owner, "POST", "/api/notifications", {
    userId: owner.id,
    title: "Yeni dosya paylaşıldı",
    link: "/documents/files",
  });
  return {
    tenant,
    owner,
    agent,
    ids: { ...s, ...d, ...p, ...a, ...w },
    pages: {
      ticket: `/support/tickets/${s.ticketWorking}`,
      customer: `/support/customers/${s.firm}`,
      file: `/documents/files?folder=${d.folder}&file=${d.file}`,
      board: `/projects/projects/${p.project}`,
      task: `/projects/tasks/${p.task}`,
      agent: `/automation/agents/${a.agent}`,
      job: `/automation/jobs/${a.job}`,
      run: `/automation/runs/${a.run}`,
      process: `/workflow/processes/${w.process}`,
      workflowTask: `/workflow/tasks/${w.workflowTask}`,
      definition: `/workflow/admin/definitions/${w.definition}`,
    },
  };
}

// -- decisions (dmn)
/** Decision tables of a seeded tenant: the template's approver table and a COLLECT table. */
export async function seedDecisions(owner: Caller): Promise<{ editor: string }> {
  const res = await callApp("/workflow/admin/decisions", {
    method: "POST",
    token: owner.token,
    headers: {
      Origin: "http://localhost",
      Cookie: `session=${owner.token}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "name=Onay+seviyesi&key=approval_level",
  });
  if (res.status !== 303) throw new Error(`seed: decision answered ${res.status}`);
  const rule = (n: number, test: string, points: string) =>
    `<rule id="p${n}"><inputEntry id="pi${n}"><text>${test}</text></inputEntry>` +
    `<outputEntry id="po${n}"><text>${points}</text></outputEntry></rule>`;
  await send(owner, "POST", "/api/workflow/decisions", {
    xml: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="risk_defs" name="Risk" namespace="urn:seed">
  <decision id="risk_points" name="Risk points">
    <decisionTable id="risk_points_t" hitPolicy="COLLECT" aggregation="SUM">
      <input id="rp_i" label="Amount"><inputExpression id="rp_e" typeRef="number"><text>amount</text></inputExpression></input>
      <output id="rp_o" label="Points" name="points" typeRef="number" />
      ${rule(1, "&gt; 1000", "10")}${rule(2, "&gt; 10000", "25")}${rule(3, "&gt; 100000", "50")}
    </decisionTable>
  </decision>
</definitions>`,
  });
  return { editor: "/workflow/admin/decisions/approval_level" };
}

// -- reports
/** A saved report (a copy of the standard cycle-time report) with one archived snapshot. */
export async function seedReports(owner: Caller): Promise<{ view: string; archive: string }> {
  const res = await owner.call("POST", "/api/workflow/reports", {
    name: "Çevrim süreleri",
    description: "Tamamlanan süreçlerin süreleri",
    source: { kind: "standard", key: "cycle-time" },
    chart: { type: "bar", x: "definition" },
    schedule: "weekly",
  });
  if (res.status !== 201) throw new Error(`seed: report answered ${res.status}`);
  const { id } = await res.json();
  const snap = await owner.call("POST", `/api/workflow/reports/${id}/snapshots`);
  if (snap.status !== 201) throw new Error(`seed: report snapshot answered ${snap.status}`);
  return { view: `/workflow/reports/${id}`, archive: `/workflow/reports/${id}/archive` };
}

// -- data models
/** Two data models (customers; orders referencing them) with a few records and one change. */
export async function seedDataModels(
  owner: Caller,
): Promise<{ records: string; record: string; editor: string }> {
  await send(owner, "POST", `${WORKFLOW}/data-models`, {
    key: "musteri",
    name: "Müşteri",
    description: "Sipariş veren firmalar",
    fields: [
      { name: "ad", label: "Firma adı", type: "text", required: true },
      { name: "sehir", label: "Şehir", type: "text" },
    ],
  });
  await send(owner, "POST", `${WORKFLOW}/data-models`, {
    key: "siparis",
    name: "Satın alma siparişi",
    description: "Onaylanan satın alma talepleri",
    fields: [
      { name: "baslik", label: "Başlık", type: "text", required: true },
      { name: "tutar", label: "Tutar", type: "number", required: true },
      {
        name: "durum",
        label: "Durum",
        type: "enum",
        values: [{ value: "acik", label: "Açık" }, { value: "kapandi", label: "Kapandı" }],
      },
      { name: "musteri", label: "Müşteri", type: "reference", model: "musteri" },
      { name: "sorumlu", label: "Sorumlu", type: "user" },
      { name: "teslim", label: "Teslim tarihi", type: "date" },
      { name: "acil", label: "Acil", type: "boolean" },
    ],
  });
  const customers = [];
  for (const [ad, sehir] of [["Anadolu Yazılım A.Ş.", "İstanbul"], ["Ege Lojistik", "İzmir"]]) {
    customers.push(
      await send(owner, "POST", `${WORKFLOW}/data-models/musteri/records`, { data: { ad, sehir } }),
    );
  }
  let first: Json | null = null;
  const orders: [string, number, string, number][] = [
    ["Yazıcı toneri (20 adet)", 4250.5, "acik", 0],
    ["Dizüstü bilgisayar yenileme", 186000, "acik", 1],
    ["Ofis sandalyeleri", 27400, "kapandi", 0],
  ];
  for (const [baslik, tutar, durum, c] of orders) {
    const rec = await send(owner, "POST", `${WORKFLOW}/data-models/siparis/records`, {
      data: {
        baslik,
        tutar,
        durum,
        musteri: customers[c].id,
        sorumlu: owner.id,
        teslim: "2026-12-15",
        acil: tutar > 100000,
      },
    });
    first ??= rec;
  }
  await send(owner, "PATCH", `${WORKFLOW}/data-models/siparis/records/${first!.id as string}`, {
    version: 1,
    data: { durum: "kapandi", tutar: 4100 },
  }, 200);
  return {
    records: "/workflow/data/siparis",
    record: `/workflow/data/siparis/${first!.id as string}`,
    editor: "/workflow/admin/data-models/siparis",
  };
}

// -- forms
/** A saved form-js form, and an open task of a deployed process that shows it (its owner's). */
export async function seedForms(
  owner: Caller,
): Promise<{ editor: string; task: string; definitionId: string }> {
  const options = [["travel", "Seyahat"], ["office", "Ofis"], ["training", "Eğitim"]];
  await send(owner, "POST", "/api/workflow/forms/masraf/versions", {
    name: "Masraf formu",
    schema: {
      type: "default",
      components: [
        { type: "text", text: "### Masraf bildirimi" },
        { type: "textfield", key: "title", label: "Başlık", validate: { required: true } },
        {
          type: "number",
          key: "amount",
          label: "Tutar (TL)",
          validate: { required: true, min: 1, max: 100000 },
        },
        {
          type: "select",
          key: "kind",
          label: "Tür",
          values: options.map(([value, label]) => ({ value, label })),
        },
        { type: "datetime", key: "spentOn", subtype: "date", dateLabel: "Harcama tarihi" },
        { type: "checkbox", key: "urgent", label: "Acil" },
        { type: "textarea", key: "note", label: "Açıklama", validate: { maxLength: 500 } },
      ],
    },
  });
  const created = await send(owner, "POST", "/api/workflow/admin/process", {
    xml: `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="masraf_defs" targetNamespace="urn:seed">
  <bpmn:process id="masraf_bildirimi" name="Masraf bildirimi" isExecutable="true">
    <bpmn:startEvent id="start" camunda:formKey="form:masraf" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="fill" />
    <bpmn:userTask id="fill" name="Masrafı bildir" camunda:assignee="\${who}"
      camunda:formKey="form:masraf" />
    <bpmn:sequenceFlow id="f2" sourceRef="fill" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`,
    deploy: true,
  });
  const started = await send(owner, "POST", "/api/workflow/process", {
    key: "masraf_bildirimi",
    variables: { who: owner.id, title: "Ankara ziyareti", amount: 1250, kind: "travel" },
  });
  const tasks = await send(
    owner,
    "GET",
    `/api/workflow/tasks?instanceId=${started.id as string}`,
    undefined,
    200,
  );
  const [task] = tasks.items as { id: string }[];
  return {
    editor: "/workflow/admin/forms/masraf",
    task: `/workflow/tasks/${task.id}`,
    definitionId: created.id as string,
  };
}

// -- data queries
/** Two saved data queries over the seeded orders (run seedDataModels first). */
export async function seedDataQueries(owner: Caller): Promise<{ builder: string }> {
  await send(owner, "POST", `${WORKFLOW}/data-queries`, {
    key: "acik_siparisler",
    name: "Açık siparişler",
    description: "Tutarı verilen değerin üstündeki açık siparişler",
    source: "records",
    model: "siparis",
    definition: {
      filters: [{ field: "durum", op: "eq", value: "acik" }, {
        field: "tutar",
        op: "gte",
        param: "enAz",
      }],
      columns: ["baslik", "tutar", "durum", "teslim", "createdAt"],
      sort: [{ field: "tutar", dir: "desc" }],
    },
    params: [{ name: "enAz", label: "En az tutar", type: "number", required: false, default: 0 }],
  });
  await send(owner, "POST", `${WORKFLOW}/data-queries`, {
    key: "siparis_durumlari",
    name: "Duruma göre siparişler",
    source: "records",
    model: "siparis",
    definition: {
      groupBy: ["durum"],
      aggregates: [{ fn: "count", as: "adet" }, { fn: "sum", field: "tutar", as: "toplam" }],
    },
  });
  return { builder: "/workflow/admin/data-queries/acik_siparisler" };
}

// -- analytics apps
/** Two analytics applications, one with three sheets and a grant to the agents role. */
export async function seedAnalyticsApps(owner: Caller): Promise<{ app: string; access: string }> {
  const app = await send(owner, "POST", "/api/analytics/apps", {
    name: "Destek performansı",
    description: "Taleplerin durumu ve SLA uyumu, haftalık olarak",
  });
  await send(owner, "POST", "/api/analytics/apps", { name: "Satış", description: "" });
  for (const name of ["Genel bakış", "SLA", "Müşteriler"]) {
    await send(owner, "POST", `/api/analytics/apps/${app.id}/sheets`, {
      name,
      refreshSeconds: name === "SLA" ? 60 : null,
    });
  }
  await send(owner, "PUT", `/api/analytics/apps/${app.id}/access`, {
    grants: [{ role: "agent", level: "edit" }, { role: "viewer", level: "view" }],
  }, 200);
  return { app: `/analytics/apps/${app.id}`, access: `/analytics/apps/${app.id}/access` };
}

// -- analytics tables
/** Two tenant tables with rows and a relation between them (the data modelling pages). */
export async function seedAnalyticsTables(owner: Caller): Promise<{ table: string }> {
  const regions = await send(owner, "POST", "/api/analytics/app-tables", {
    name: "Bölgeler",
    columns: [{ label: "Bölge kodu", type: "text" }, { label: "Bölge adı", type: "text" }],
  });
  const targets = await send(owner, "POST", "/api/analytics/app-tables", {
    name: "Satış hedefleri",
    description: "Bölge başına çeyrek hedefleri",
    columns: [
      { label: "Bölge kodu", type: "text" },
      { label: "Hedef (TL)", type: "number" },
      { label: "Çeyrek sonu", type: "date" },
      { label: "Onaylandı", type: "boolean" },
      { label: "Son güncelleme", type: "datetime" },
    ],
  });
  const codes = [["IST", "İstanbul"], ["ANK", "Ankara"], ["IZM", "İzmir"]];
  for (const [code, name] of codes) {
    await send(owner, "POST", `/api/analytics/app-tables/${regions.id}/rows`, {
      data: { bolge_kodu: code, bolge_adi: name },
    });
  }
  for (const [i, [code]] of codes.entries()) {
    await send(owner, "POST", `/api/analytics/app-tables/${targets.id}/rows`, {
      data: {
        bolge_kodu: code,
        hedef_tl: 1_250_000 - i * 310_500.5,
        ceyrek_sonu: "2026-03-31",
        onaylandi: i !== 1,
        son_guncelleme: "2026-01-12T09:30:00Z",
      },
    });
  }
  await send(owner, "POST", "/api/analytics/app-relations", {
    left: { source: { kind: "table", id: targets.id }, field: "bolge_kodu" },
    right: { source: { kind: "table", id: regions.id }, field: "bolge_kodu" },
  });
  return { table: `/analytics/modelling/tables/${targets.id}` };
}

// -- analytics sources
/**
 * An external PostgreSQL source (the machine's own, let in by the operator allowlist) for
 * screenshots of the data sources pages; returns the source page.
 */
export async function seedAnalyticsSources(owner: Caller): Promise<{ source: string }> {
  const { preparePg, EXT_DB, READER } = await import("../analytics/sources.fixture.ts");
  const { testApp } = await import("../helpers.ts");
  await preparePg();
  const { platform } = await testApp();
  (platform.config as { ANALYTICS_SOURCE_ALLOW: string }).ANALYTICS_SOURCE_ALLOW = "127.0.0.1/32";
  const src = await send(owner, "POST", "/api/analytics/sources", {
    name: "Satış ambarı",
    engine: "postgres",
    host: "127.0.0.1",
    port: 5432,
    database: EXT_DB,
    username: READER.username,
    password: READER.password,
    options: { statementTimeoutMs: 5000, rowCap: 500 },
  });
  return { source: `/analytics/sources/${src.id}` };
}
// -- end analytics sources
