// Ticket page: files dropped or chosen in the reply box upload to the ticket at once (the
// comment then takes them by id); the files card uploads with a progress bar. XHR because it
// reports upload progress (fetch does not). Delegated listeners: htmx swaps the page content.
(function () {
  if (globalThis.__supportFiles) return;
  globalThis.__supportFiles = true;

  function fail(box, text) {
    let alert = box.querySelector(".alert.error");
    if (!alert) {
      alert = document.createElement("p");
      alert.className = "alert error";
      alert.setAttribute("role", "alert");
      box.prepend(alert);
    }
    alert.textContent = text;
  }

  function send(url, body, bar, extra) {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url);
      for (const [k, v] of Object.entries(extra || {})) xhr.setRequestHeader(k, v);
      xhr.upload.addEventListener("progress", (p) => {
        if (!bar || !p.lengthComputable) return;
        bar.hidden = false;
        bar.value = Math.round((p.loaded / p.total) * 100);
        bar.textContent = bar.value + "%";
      });
      xhr.addEventListener("load", () => {
        if (bar) bar.hidden = true;
        resolve(xhr);
      });
      xhr.addEventListener("error", () => {
        if (bar) bar.hidden = true;
        resolve(null);
      });
      xhr.send(body);
    });
  }

  function sizeOf(n) {
    const units = ["B", "KB", "MB", "GB"];
    let i = 0;
    while (n >= 1024 && i < units.length - 1) {
      n /= 1024;
      i++;
    }
    return (i ? n.toFixed(1) : String(n)) + " " + units[i];
  }

  // The reply box: upload to the ticket, then keep the ids as hidden attachmentIds.
  async function uploadReplyFiles(box, files) {
    if (!files || !files.length) return;
    const old = box.querySelector(".alert.error");
    if (old) old.remove();
    const body = new FormData();
    for (const f of files) body.append("file", f, f.name);
    const xhr = await send(box.dataset.uploadUrl, body, box.querySelector(".support-progress"));
    if (!xhr || xhr.status !== 201) {
      let detail = "";
      try {
        detail = JSON.parse(xhr.responseText).detail || "";
      } catch (_) { /* not JSON */ }
      return fail(box, (box.dataset.failed || "") + (detail ? " " + detail : ""));
    }
    const list = box.querySelector(".support-pending");
    for (const item of JSON.parse(xhr.responseText).items) {
      const li = document.createElement("li");
      li.dataset.testid = "pending-file";
      const name = document.createElement("span");
      name.className = "support-file-name";
      name.textContent = item.name;
      const size = document.createElement("span");
      size.className = "muted support-file-size";
      size.textContent = sizeOf(item.size);
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "attachmentIds";
      input.value = item.id;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "btn btn-ghost btn-icon";
      remove.textContent = "×";
      const label = (box.dataset.remove || "{name}").replace("{name}", item.name);
      remove.setAttribute("aria-label", label);
      remove.title = label;
      remove.addEventListener("click", () => {
        // The file was stored on the ticket already: remove it there too.
        fetch(box.dataset.uploadUrl + "/" + item.id, { method: "DELETE" });
        li.remove();
      });
      li.append(name, size, input, remove);
      list.append(li);
    }
  }

  // Internal notes never leave: the e-mail choice goes while "internal" is picked.
  function syncVisibility(select) {
    const form = select.form;
    const options = form && form.querySelector("[data-reply-options]");
    if (!options) return;
    const internal = select.value === "internal";
    const box = options.querySelector('input[name="emailSend"]');
    const mail = options.querySelector(".support-reply-email");
    if (box) {
      if (internal) box.checked = false;
      else if (box.dataset.wasChecked !== "false") box.checked = true;
      box.disabled = internal;
    }
    if (mail) mail.hidden = internal;
    const note = options.querySelector(".support-internal-never");
    if (note) note.hidden = !internal;
  }

  document.addEventListener("change", (e) => {
    const el = e.target;
    if (el.matches && el.matches('.support-reply-drop input[type="file"]')) {
      uploadReplyFiles(el.closest(".support-reply-drop"), [...el.files]).then(() => {
        el.value = "";
      });
    } else if (el.matches && el.matches('select[name="visibility"]')) {
      syncVisibility(el);
    } else if (el.matches && el.matches('[data-reply-options] input[name="emailSend"]')) {
      el.dataset.wasChecked = String(el.checked);
    }
  });

  document.addEventListener("dragover", (e) => {
    const zone = e.target.closest && e.target.closest(".support-drop");
    if (!zone) return;
    e.preventDefault();
    zone.classList.add("is-over");
  });
  document.addEventListener("dragleave", (e) => {
    const zone = e.target.closest && e.target.closest(".support-drop");
    if (zone) zone.classList.remove("is-over");
  });
  document.addEventListener("drop", (e) => {
    const zone = e.target.closest && e.target.closest(".support-drop");
    if (!zone) return;
    e.preventDefault();
    zone.classList.remove("is-over");
    const files = e.dataTransfer ? [...e.dataTransfer.files] : [];
    if (zone.classList.contains("support-reply-drop")) return uploadReplyFiles(zone, files);
    // The files card: the dropped files are the form's, sent at once.
    const form = zone.closest("form.support-upload");
    const input = form && form.querySelector('input[type="file"]');
    if (!input || !files.length) return;
    input.files = e.dataTransfer.files;
    form.requestSubmit();
  });

  // The files card's form: sent with progress, the card swapped for the answer.
  document.addEventListener("submit", async (e) => {
    const form = e.target.closest && e.target.closest("form.support-upload");
    if (!form) return;
    e.preventDefault();
    const xhr = await send(
      form.action,
      new FormData(form),
      form.querySelector(".support-progress"),
      {
        "X-Upload": "1",
      },
    );
    const target = document.querySelector(form.dataset.target);
    if (xhr && target && xhr.responseText) {
      target.outerHTML = xhr.responseText;
      const fresh = document.querySelector(form.dataset.target);
      if (fresh && globalThis.htmx) globalThis.htmx.process(fresh);
    } else fail(form, form.dataset.failed || "");
  });
})();
