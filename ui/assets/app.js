// The shell's behaviour: our CSP allows only our own scripts, so everything lives here.
(function () {
  const root = document.documentElement;
  root.classList.add("js");
  const remember = (name, value) => {
    document.cookie = `${name}=${value}; path=/; max-age=31536000; samesite=lax`;
  };

  // Tenant accent colour (no inline styles under our CSP).
  const accent = root.dataset.accent;
  if (accent) {
    root.style.setProperty("--accent", accent);
    root.style.setProperty("--focus", accent);
  }

  function onReady() {
    const body = document.body;
    // Phone: the sidebar opens over the page behind the menu button.
    document.addEventListener("click", (e) => {
      const toggle = e.target.closest("[data-nav-toggle]");
      if (toggle) {
        const open = body.classList.toggle("nav-open");
        document.querySelectorAll("button[data-nav-toggle]").forEach((b) =>
          b.setAttribute("aria-expanded", String(open))
        );
        return;
      }
      const collapse = e.target.closest("[data-nav-collapse]");
      if (collapse) {
        const collapsed = body.classList.toggle("nav-collapsed");
        collapse.setAttribute("aria-expanded", String(!collapsed));
        remember("sidebar", collapsed ? "collapsed" : "open");
        return;
      }
      const opener = e.target.closest("[data-dialog-open]");
      if (opener) {
        const dialog = document.getElementById(opener.dataset.dialogOpen);
        if (dialog?.showModal) {
          e.preventDefault();
          dialog.showModal();
          dialog.querySelector("input:not([type=hidden]), select, textarea")?.focus();
        }
        return;
      }
      const closer = e.target.closest("[data-dialog-close]");
      if (closer) {
        closer.closest("dialog")?.close();
        return;
      }
      // Opening the user menu closes the phone sidebar; a click outside an open menu closes it.
      if (e.target.closest("details.user-menu > summary")) body.classList.remove("nav-open");
      document.querySelectorAll("details.user-menu[open]").forEach((d) => {
        if (!d.contains(e.target)) d.removeAttribute("open");
      });
    });
    // A module group opened by hand is remembered for the session.
    // Theme: system, light or dark, remembered.
    document.addEventListener("change", (e) => {
      if (e.target.matches("[data-theme-choice]")) {
        const theme = e.target.value;
        if (theme === "system") delete root.dataset.theme;
        else root.dataset.theme = theme;
        remember("theme", theme);
        document.dispatchEvent(new CustomEvent("themechange"));
      }
    });
    // "/" or Ctrl+K focuses the global search box (not while typing elsewhere).
    document.addEventListener("keydown", (e) => {
      const typing = e.target.closest("input, textarea, select, [contenteditable]");
      const box = document.getElementById("global-search");
      if (!box) return;
      if ((e.key === "/" && !typing) || (e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        if (getComputedStyle(box.closest("form")).display === "none") {
          location.href = "/search";
          return;
        }
        box.focus();
        box.select();
      }
      if (e.key === "Escape") {
        body.classList.remove("nav-open");
        document.querySelectorAll("details.user-menu[open]").forEach((d) =>
          d.removeAttribute("open")
        );
      }
    });
    fadeToasts(document);
  }

  // Success toasts move to the corner and fade; errors stay next to their form.
  function fadeToasts(scope) {
    scope.querySelectorAll(".alert.toast:not([data-toasted])").forEach((el) => {
      el.dataset.toasted = "1";
      setTimeout(() => el.classList.add("fade"), 4000);
      setTimeout(() => el.remove(), 4600);
    });
  }

  // Live regions fed by server-sent events ([data-stream]): open while the tab is visible.
  function streams() {
    document.querySelectorAll("[data-stream]").forEach((el) => {
      const visible = document.visibilityState === "visible";
      if (visible && !el.__source) {
        const source = new EventSource(el.dataset.stream);
        source.addEventListener(el.dataset.streamEvent || "message", (e) => {
          el.innerHTML = e.data;
        });
        el.__source = source;
      } else if (!visible && el.__source) {
        el.__source.close();
        el.__source = null;
      }
    });
  }
  document.addEventListener("visibilitychange", streams);
  document.addEventListener("DOMContentLoaded", streams);
  globalThis.addEventListener("pagehide", () => {
    document.querySelectorAll("[data-stream]").forEach((el) => el.__source?.close());
  });

  document.addEventListener("DOMContentLoaded", onReady);
  document.addEventListener("htmx:afterSettle", (e) => fadeToasts(e.target));
  // A server answering `HX-Trigger: dialog-close` closes the dialog the request came from.
  document.addEventListener("dialog-close", (e) => e.target.closest?.("dialog")?.close());
})();
