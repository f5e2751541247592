// Documents: uploads with a progress bar per file (one request per file), drag and drop,
// and the copy-link button. Delegated listeners, so htmx swaps need no re-binding.
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

  function uploadOne(url, file, list) {
    return new Promise(function (resolve) {
      const item = document.createElement("li");
      const label = document.createElement("span");
      label.textContent = file.name + " ";
      const bar = document.createElement("progress");
      bar.max = file.size || 1;
      bar.value = 0;
      bar.setAttribute("aria-label", file.name);
      item.append(label, bar);
      list.append(item);
      const data = new FormData();
      data.append("file", file, file.name);
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url);
      xhr.upload.addEventListener("progress", function (e) {
        if (e.lengthComputable) {
          bar.max = e.total;
          bar.value = e.loaded;
        }
      });
      xhr.addEventListener("load", function () {
        const ok = xhr.status === 201;
        item.classList.add(ok ? "done" : "failed");
        if (ok) bar.value = bar.max;
        else label.textContent = file.name + ": " + problemText(xhr) + " ";
        resolve(ok);
      });
      xhr.addEventListener("error", function () {
        item.classList.add("failed");
        label.textContent = file.name + ": network error ";
        resolve(false);
      });
      xhr.send(data);
    });
  }

  async function uploadAll(form, files) {
    const list = form.querySelector(".docs-progress");
    list.replaceChildren();
    const url = form.getAttribute("data-upload-url");
    const results = await Promise.all(
      Array.from(files).map(function (f) {
        return uploadOne(url, f, list);
      }),
    );
    if (results.every(Boolean)) refresh();
  }

  function refresh() {
    if (globalThis.htmx) {
      globalThis.htmx.ajax("GET", location.pathname + location.search, {
        target: "#docs-list",
        select: "#docs-list",
        swap: "outerHTML",
      });
    } else location.reload();
  }

  document.addEventListener("submit", function (e) {
    const form = e.target.closest && e.target.closest("form.docs-upload");
    if (!form) return;
    e.preventDefault();
    const input = form.querySelector("input[type=file]");
    if (input.files.length) uploadAll(form, input.files);
  });

  document.addEventListener("dragover", function (e) {
    const zone = e.target.closest && e.target.closest(".docs-upload");
    if (!zone) return;
    e.preventDefault();
    zone.classList.add("dragging");
  });
  document.addEventListener("dragleave", function (e) {
    const zone = e.target.closest && e.target.closest(".docs-upload");
    if (zone) zone.classList.remove("dragging");
  });
  document.addEventListener("drop", function (e) {
    const zone = e.target.closest && e.target.closest(".docs-upload");
    if (!zone) return;
    e.preventDefault();
    zone.classList.remove("dragging");
    if (e.dataTransfer && e.dataTransfer.files.length) uploadAll(zone, e.dataTransfer.files);
  });

  document.addEventListener("click", function (e) {
    const button = e.target.closest && e.target.closest("[data-copy]");
    if (!button) return;
    const input = document.querySelector(button.getAttribute("data-copy"));
    if (!input) return;
    input.select();
    const done = function () {
      button.textContent = button.getAttribute("data-copied") || "✓";
    };
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, done);
    else done();
  });
})();
