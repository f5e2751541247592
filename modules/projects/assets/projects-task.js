// Task page: file uploads with a progress bar (XHR reports upload progress; fetch does not).
(function () {
  document.addEventListener("submit", (e) => {
    const form = e.target.closest && e.target.closest("form.pj-upload");
    if (!form) return;
    e.preventDefault();
    const bar = form.querySelector(".pj-progress");
    const target = document.querySelector(form.dataset.target);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    xhr.setRequestHeader("X-Upload", "1");
    xhr.upload.addEventListener("progress", (p) => {
      if (!bar || !p.lengthComputable) return;
      bar.hidden = false;
      bar.value = Math.round((p.loaded / p.total) * 100);
      bar.textContent = bar.value + "%";
    });
    xhr.addEventListener("load", () => {
      if (target) {
        target.outerHTML = xhr.responseText;
        const fresh = document.querySelector(form.dataset.target);
        if (fresh && globalThis.htmx) globalThis.htmx.process(fresh);
      }
    });
    xhr.addEventListener("error", () => {
      if (bar) bar.hidden = true;
      form.insertAdjacentHTML("afterbegin", '<p class="alert error" role="alert"></p>');
      form.firstElementChild.textContent = form.dataset.failed || "";
    });
    xhr.send(new FormData(form));
  });
})();
