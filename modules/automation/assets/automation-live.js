// Live automation pages. On a page holding [data-automation-live] it listens to the tenant's run
// changes (/automation/live) while the tab is visible and fires `automation-run` on <body>
// (detail = {runId, jobId, agentId, status}) so htmx parts refresh with
// hx-trigger="automation-run from:body". On a run page ([data-run-id]) it streams that run's log
// lines into #run-log (starting from the snapshot of the log the stream opens with), keeps it
// scrolled to the end, and fires `automation-run-self` when the run's own status changes.
(function () {
  "use strict";
  let source = null;
  let runId = null;

  function runEl() {
    return document.querySelector("[data-run-id]");
  }

  // The log's length in bytes that #run-log shows (from the stream's snapshot); a live line whose
  // `end` is not past it is already there.
  let logEnd = -1;

  function writeLog(text, replace) {
    const log = document.getElementById("run-log");
    if (!log) return;
    const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 24;
    if (replace) log.textContent = text || log.dataset.empty || "";
    else {
      if (log.dataset.empty && log.textContent === log.dataset.empty) log.textContent = "";
      log.textContent += text;
    }
    if (atEnd) log.scrollTop = log.scrollHeight;
  }

  function open() {
    if (source || !document.querySelector("[data-automation-live]")) return;
    const el = runEl();
    runId = el ? el.dataset.runId : null;
    source = new EventSource(runId ? `/automation/runs/${runId}/stream` : "/automation/live");
    source.addEventListener("run", (e) => {
      const detail = JSON.parse(e.data);
      document.body.dispatchEvent(new CustomEvent("automation-run", { detail }));
      if (runId && detail.runId === runId) {
        const el = runEl();
        if (el) el.dataset.runStatus = detail.status;
        document.body.dispatchEvent(new CustomEvent("automation-run-self", { detail }));
      }
    });
    source.addEventListener("snapshot", (e) => {
      const snap = JSON.parse(e.data);
      if (snap.runId !== runId) return;
      writeLog(snap.log, true);
      logEnd = snap.end;
      // The run moved on between the page's render and the stream: its summary catches up.
      const el = runEl();
      if (el && snap.status !== el.dataset.runStatus) {
        el.dataset.runStatus = snap.status;
        document.body.dispatchEvent(new CustomEvent("automation-run-self", { detail: snap }));
      }
    });
    source.addEventListener("log", (e) => {
      const detail = JSON.parse(e.data);
      if (detail.runId !== runId) return;
      if (typeof detail.end === "number") {
        if (detail.end <= logEnd) return;
        logEnd = detail.end;
      }
      writeLog(detail.line, false);
    });
  }

  function close() {
    if (source) source.close();
    source = null;
  }

  function sync() {
    if (document.visibilityState === "visible") open();
    else close();
  }

  document.addEventListener("visibilitychange", sync);
  document.addEventListener("htmx:afterSettle", () => {
    if (!document.querySelector("[data-automation-live]")) close();
    else sync();
  });
  const log = document.getElementById("run-log");
  if (log) log.scrollTop = log.scrollHeight;
  sync();
})();
