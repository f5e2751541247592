// Documents: resumable uploads through tus (tus-js-client, served by the app as tus.min.js).
// documents.js hands each file of the upload dialog to DocumentsTus.upload when the form names
// a tus endpoint: the file goes in 16 MiB requests, a broken request is retried from where the
// server stands, an upload cut by a reload resumes when the same file is chosen again (its
// address is kept in localStorage), and a cancel button ends it and deletes what arrived.
(function () {
  "use strict";
  if (globalThis.DocumentsTus) return;

  const CHUNK = 16 * 1024 * 1024;

  function percent(sent, total) {
    return total ? Math.floor((sent / total) * 100) : 100;
  }

  function problemText(err) {
    const res = err && err.originalResponse;
    if (!res) return null;
    try {
      const body = JSON.parse(res.getBody());
      return body.detail || body.title || null;
    } catch (_) {
      return null;
    }
  }

  function upload(form, file, list) {
    return new Promise(function (resolve) {
      const tus = globalThis.tus;
      const endpoint = form.getAttribute("data-tus-url");
      const folderId = form.getAttribute("data-folder-id") || "";
      // The row documents.js draws (it calls this, so it is loaded).
      const row = globalThis.DocumentsProgress.row(file);
      const item = row.item, label = row.label, bar = row.bar, state = row.state;
      item.className = "docs-tus";
      state.setAttribute("aria-live", "polite");
      const cancel = document.createElement("button");
      cancel.type = "button";
      cancel.className = "btn btn-ghost btn-sm docs-tus-cancel";
      cancel.textContent = form.getAttribute("data-cancel-text") || "Cancel";
      cancel.setAttribute(
        "aria-label",
        (form.getAttribute("data-cancel-text") || "Cancel") + ": " + file.name,
      );
      // Enabled once the server has the upload, so a cancel can always delete it there.
      cancel.disabled = true;
      item.append(label, bar, state, cancel);
      list.append(item);

      let finished = false;
      function end(ok, text) {
        if (finished) return;
        finished = true;
        cancel.remove();
        item.classList.add(ok ? "done" : "failed");
        if (ok) bar.value = bar.max;
        state.textContent = text;
        resolve(ok);
      }

      const up = new tus.Upload(file, {
        endpoint: endpoint,
        chunkSize: CHUNK,
        retryDelays: [0, 1000, 3000, 5000, 10000],
        metadata: {
          filename: file.name,
          filetype: file.type || "application/octet-stream",
          folderId: folderId,
        },
        // One stored address per file and target folder (another user's is answered 404, and
        // the client then starts afresh).
        fingerprint: function (f) {
          return Promise.resolve(
            ["docs-tus", folderId, f.name, f.type, f.size, f.lastModified].join("|"),
          );
        },
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onUploadUrlAvailable: function () {
          cancel.disabled = false;
        },
        onProgress: function (sent, total) {
          cancel.disabled = false;
          bar.max = total || 1;
          bar.value = sent;
          state.textContent = percent(sent, total) + "%";
        },
        onSuccess: function () {
          end(true, "100%");
        },
        onError: function (err) {
          end(false, problemText(err) || form.getAttribute("data-network-text") || "");
        },
      });

      cancel.addEventListener("click", function () {
        // Ends the upload on the server too (its bytes are deleted) and forgets its address.
        up.abort(true).catch(function () {});
        end(false, form.getAttribute("data-canceled-text") || "");
      });

      up.findPreviousUploads().then(function (previous) {
        if (previous.length) {
          up.resumeFromPreviousUpload(previous[0]);
          state.textContent = form.getAttribute("data-resuming-text") || "";
        }
        up.start();
      }, function () {
        up.start();
      });
    });
  }

  globalThis.DocumentsTus = { upload: upload };
})();
