// Passkeys (WebAuthn) on the sign-in steps and the security page, through
// @simplewebauthn/browser (served by the app as /assets/simplewebauthn-browser.js). Every text is
// in the page; this file only shows the hidden error next to the button that failed.
(function () {
  "use strict";
  const lib = () => globalThis.SimpleWebAuthnBrowser;

  async function post(url, body) {
    const res = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok) {
      const err = new Error(`HTTP ${res.status}`);
      err.problem = await res.json().catch(() => null);
      throw err;
    }
    return res.status === 204 ? null : await res.json();
  }

  // The workspace signs in through its identity provider (403 sso-required names where).
  function ssoStartOf(err) {
    const p = err && err.problem;
    const url = p && p.type === "/problems/sso-required" ? p.startUrl : null;
    return typeof url === "string" && /^\/sso\/[a-z0-9-]+\/start$/.test(url) ? url : null;
  }

  function showError(el, unsupported) {
    const box = document.getElementById(el.dataset.error || "");
    if (!box) return;
    if (unsupported && box.dataset.unsupported) box.textContent = box.dataset.unsupported;
    box.hidden = false;
  }

  function hideError(el) {
    const box = document.getElementById(el.dataset.error || "");
    if (box) box.hidden = true;
  }

  const nextOf = (el) => {
    const next = el.dataset.next || "/";
    return next.startsWith("/") && !next.startsWith("//") ? next : "/";
  };

  async function run(el, fn) {
    hideError(el);
    if (!lib() || !lib().browserSupportsWebAuthn()) return showError(el, true);
    el.setAttribute("aria-busy", "true");
    try {
      await fn();
    } catch (err) {
      console.warn("passkey:", err && err.message);
      showError(el, false);
    } finally {
      el.removeAttribute("aria-busy");
    }
  }

  // Password-less sign-in (discoverable credentials).
  function signIn(el) {
    return run(el, async () => {
      const { options, challengeToken } = await post("/api/auth/passkeys/sign-in-options", {});
      const credential = await lib().startAuthentication({ optionsJSON: options });
      const tenant = document.getElementById("tenant");
      const body = { challengeToken, credential };
      if (tenant && tenant.value.trim()) body.tenant = tenant.value.trim();
      try {
        await post("/api/auth/passkeys/sign-in", body);
      } catch (err) {
        const start = ssoStartOf(err);
        if (!start) throw err;
        return location.assign(`${start}?next=${encodeURIComponent(nextOf(el))}`);
      }
      location.assign(nextOf(el));
    });
  }

  // A passkey as the second step of a sign-in.
  function secondFactor(el) {
    return run(el, async () => {
      const pendingToken = el.dataset.pending;
      const { options, challengeToken } = await post("/api/auth/login/passkey-options", {
        pendingToken,
      });
      const credential = await lib().startAuthentication({ optionsJSON: options });
      await post("/api/auth/login/second-factor", {
        pendingToken,
        passkey: { challengeToken, credential },
      });
      location.assign(nextOf(el));
    });
  }

  // A new passkey while the workspace requires enrolment at sign-in.
  function enrol(form) {
    return run(form, async () => {
      const pendingToken = form.dataset.pending;
      const name = form.elements.namedItem("name").value.trim();
      const { options, challengeToken } = await post("/api/auth/login/passkey-options", {
        pendingToken,
      });
      const credential = await lib().startRegistration({ optionsJSON: options });
      await post("/api/auth/login/second-factor", {
        pendingToken,
        passkeyRegistration: { challengeToken, credential, name },
      });
      location.assign(nextOf(form));
    });
  }

  // A new passkey on the security page.
  function register(form) {
    return run(form, async () => {
      const name = form.elements.namedItem("name").value.trim();
      const { options, challengeToken } = await post("/api/auth/passkeys/registration-options");
      const credential = await lib().startRegistration({ optionsJSON: options });
      await post("/api/auth/passkeys", { name, challengeToken, credential });
      location.assign("/profile/security?added=1");
    });
  }

  document.addEventListener("click", (ev) => {
    const target = ev.target instanceof Element ? ev.target : null;
    const signInButton = target && target.closest("[data-passkey-signin]");
    if (signInButton) return void signIn(signInButton);
    const stepButton = target && target.closest("[data-passkey-second-factor]");
    if (stepButton) return void secondFactor(stepButton);
  });

  document.addEventListener("submit", (ev) => {
    const form = ev.target instanceof HTMLFormElement ? ev.target : null;
    if (!form) return;
    if (form.hasAttribute("data-passkey-register")) {
      ev.preventDefault();
      void register(form);
    } else if (form.hasAttribute("data-passkey-enrol")) {
      ev.preventDefault();
      void enrol(form);
    }
  });
})();
