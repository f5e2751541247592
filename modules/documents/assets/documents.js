// Documents: uploads with a progress bar per file (one request per file) from the upload
// dialog or files dropped on the list, the copy-link button, the share form's fields, the bulk
// bar and the folder tree on a phone. Delegated listeners, so htmx swaps need no re-binding.
(function () {
  "use strict";

  function problemText(xhr) {
    try {
      const body = JSON.parse(xhr.responseText);
      return body.detail || body.title || String(xhr.status);
    } catch (_) {
      return String(xhr.status);
    }
  }

  function toast(text) {
    const box = document.getElementById("toasts");
    if (!box) return;
    const el = document.createElement("div");
    el.className = "alert ok toast";
    el.setAttribute("role", "status");
    el.textContent = text;
    box.append(el);
    setTimeout(function () {
      el.classList.add("fade");
    }, 4000);
    setTimeout(function () {
      el.remove();
    }, 4600);
  }

  /** One file's row in the upload list: its name, a progress bar and the state text. */
  function progressRow(file) {
    const item = document.createElement("li");
    const label = document.createElement("span");
    label.className = "docs-progress-name";
    label.textContent = file.name;
    const bar = document.createElement("progress");
    bar.max = file.size || 1;
    bar.value = 0;
    bar.setAttribute("aria-label", file.name);
    const state = document.createElement("span");
    state.className = "docs-progress-state";
    state.textContent = "0%";
    return { item: item, label: label, bar: bar, state: state };
  }
  // documents-uploads.js draws its rows the same way.
  globalThis.DocumentsProgress = { row: progressRow };

  function uploadOne(form, file, list) {
    // Resumable (tus) when the form names an endpoint: documents-uploads.js.
    if (globalThis.DocumentsTus && globalThis.tus && form.hasAttribute("data-tus-url")) {
      return globalThis.DocumentsTus.upload(form, file, list);
    }
    return new Promise(function (resolve) {
      const row = progressRow(file);
      const item = row.item, bar = row.bar, state = row.state;
      item.append(row.label, bar, state);
      list.append(item);
      const data = new FormData();
      data.append("file", file, file.name);
      const xhr = new XMLHttpRequest();
      xhr.open("POST", form.getAttribute("data-upload-url"));
      xhr.upload.addEventListener("progress", function (e) {
        if (e.lengthComputable) {
          bar.max = e.total;
          bar.value = e.loaded;
          state.textContent = Math.floor((e.loaded / e.total) * 100) + "%";
        }
      });
      xhr.addEventListener("load", function () {
        const ok = xhr.status === 201;
        item.classList.add(ok ? "done" : "failed");
        if (ok) {
          bar.value = bar.max;
          state.textContent = "100%";
        } else state.textContent = problemText(xhr);
        resolve(ok);
      });
      xhr.addEventListener("error", function () {
        item.classList.add("failed");
        state.textContent = form.getAttribute("data-network-text") || "";
        resolve(false);
      });
      xhr.send(data);
    });
  }

  // Each file on its own request, so each has its own bar; the list refreshes when all
  // arrived, and the dialog closes unless one failed (its message stays in the list).
  async function uploadAll(form, files) {
    const list = form.querySelector(".docs-progress");
    list.replaceChildren();
    form.classList.add("uploading");
    const results = await Promise.all(
      Array.from(files).map(function (f) {
        return uploadOne(form, f, list);
      }),
    );
    form.classList.remove("uploading");
    const done = results.filter(Boolean).length;
    if (done) {
      refresh(form.getAttribute("data-refresh") || "#docs-panel");
      toast((form.getAttribute("data-done-text") || "{count}").replace("{count}", done));
    }
    if (done === results.length) {
      form.reset();
      form.closest("dialog")?.close();
    }
  }

  function refresh(target) {
    if (globalThis.htmx) {
      globalThis.htmx.ajax("GET", location.pathname + location.search, {
        target: target,
        select: target,
        swap: "outerHTML",
      });
    } else location.reload();
  }

  document.addEventListener("submit", function (e) {
    const form = e.target.closest && e.target.closest("form.docs-upload");
    if (form) {
      e.preventDefault();
      const input = form.querySelector("input[type=file]");
      if (input.files.length) uploadAll(form, input.files);
      return;
    }
    // Bulk delete moves files to the trash: ask first.
    const bulk = e.target.closest && e.target.closest("form.docs-bulk");
    if (bulk && e.submitter && e.submitter.value === "delete") {
      if (!confirm(bulk.getAttribute("data-confirm-delete"))) e.preventDefault();
    }
  });

  // Files dropped on an upload form, or on a list whose page has one (data-docs-drop names
  // the dialog), upload there.
  function dropTarget(e) {
    const zone = e.target.closest && e.target.closest(".docs-upload, [data-docs-drop]");
    if (!zone || !e.dataTransfer || !Array.from(e.dataTransfer.types).includes("Files")) {
      return null;
    }
    return zone;
  }
  document.addEventListener("dragover", function (e) {
    const zone = dropTarget(e);
    if (!zone) return;
    e.preventDefault();
    zone.classList.add("dragging");
  });
  document.addEventListener("dragleave", function (e) {
    const zone = e.target.closest && e.target.closest(".docs-upload, [data-docs-drop]");
    if (zone && !zone.contains(e.relatedTarget)) zone.classList.remove("dragging");
  });
  document.addEventListener("drop", function (e) {
    const zone = dropTarget(e);
    if (!zone) return;
    e.preventDefault();
    zone.classList.remove("dragging");
    const files = e.dataTransfer.files;
    if (!files.length) return;
    if (zone.matches(".docs-upload")) return void uploadAll(zone, files);
    const dialog = document.getElementById(zone.getAttribute("data-docs-drop"));
    const form = dialog && dialog.querySelector("form.docs-upload");
    if (!form) return;
    if (dialog.showModal && !dialog.open) dialog.showModal();
    uploadAll(form, files);
  });

  document.addEventListener("click", function (e) {
    const button = e.target.closest && e.target.closest("[data-copy]");
    if (!button) return;
    const input = document.querySelector(button.getAttribute("data-copy"));
    if (!input) return;
    input.select();
    const done = function () {
      const label = button.querySelector("span");
      if (label) label.textContent = button.getAttribute("data-copied");
    };
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, done);
    else done();
  });

  // The share form shows the fields of the chosen kind only.
  function shareFields(form) {
    const kind = form.querySelector("[data-share-kind]");
    if (!kind) return;
    form.querySelectorAll("[data-share-for]").forEach(function (el) {
      el.hidden = !el.getAttribute("data-share-for").split(" ").includes(kind.value);
    });
  }

  // The bulk bar shows once a file is checked, with the count.
  function bulkBar() {
    const bar = document.getElementById("docs-bulk");
    if (!bar) return;
    const n = document.querySelectorAll('input[name="ids"][form="docs-bulk"]:checked').length;
    bar.classList.toggle("active", n > 0);
    const count = bar.querySelector(".docs-bulk-count");
    if (count && n > 0) {
      count.textContent = (count.getAttribute("data-count-text") || "{count}").replace(
        "{count}",
        n,
      );
    }
  }

  document.addEventListener("change", function (e) {
    if (e.target.matches("[data-share-kind]")) shareFields(e.target.closest("form"));
    if (e.target.matches('input[name="ids"]')) bulkBar();
  });

  // On a phone the folder tree starts folded (one line naming the open folder).
  const narrow = globalThis.matchMedia && globalThis.matchMedia("(max-width: 900px)");
  function setUp(root) {
    root.querySelectorAll("form.docs-share-form").forEach(shareFields);
    if (narrow && narrow.matches) {
      root.querySelectorAll("details[data-docs-tree]").forEach(function (d) {
        d.open = false;
      });
    }
    bulkBar();
  }
  document.addEventListener("DOMContentLoaded", function () {
    setUp(document);
  });
  document.addEventListener("htmx:load", function (e) {
    if (e.detail && e.detail.elt && e.detail.elt.querySelectorAll) setUp(e.detail.elt);
  });
})();
