// Project timeline: draws the rows of #tl-rows with frappe-gantt (bars grouped under header rows,
// milestones as diamonds, the critical path in red), zooms Day/Week/Month, and saves a dragged
// or resized bar through the task API. A move the server refuses snaps back with its reason.
(function () {
  const iso = (d) => {
    const x = new Date(d.getTime() - d.getTimezoneOffset() * 60000);
    return x.toISOString().slice(0, 10);
  };
  const fill = (text, vars) =>
    text.replace(/\{(\w+)\}/g, (m, k) => (vars[k] === undefined ? m : String(vars[k])));

  function message(root, kind, text) {
    const box = document.getElementById("tl-message");
    if (!box) return;
    box.className = text ? `alert ${kind}` : "";
    box.setAttribute("role", kind === "error" ? "alert" : "status");
    box.textContent = text || "";
    root.dataset.lastMessage = text || "";
  }

  function dayText(root, day) {
    return new Intl.DateTimeFormat(root.dataset.lang || "en", {
      dateStyle: "medium",
      timeZone: "UTC",
    }).format(new Date(`${day}T00:00:00Z`));
  }

  /** The server's refusal in the reader's words. */
  function refusal(root, problem) {
    const d = problem.dependency;
    // data-rule-finish_to_start reads as dataset.ruleFinish_to_start.
    const key = d && `rule${d.kind[0].toUpperCase()}${d.kind.slice(1)}`;
    if (d && root.dataset[key]) {
      return fill(root.dataset.refused, {
        detail: fill(root.dataset[key], {
          task: d.blockedTitle,
          blocker: d.blockerTitle,
          date: dayText(root, problem.earliest),
        }),
      });
    }
    const path = problem.errors && problem.errors[0] && problem.errors[0].path;
    if (/outside the project/.test(problem.detail || "") && path) {
      return fill(root.dataset.refused, { detail: root.dataset.outside });
    }
    return fill(root.dataset.refused, { detail: problem.detail || problem.title || "" });
  }

  function diamonds(root) {
    root.querySelectorAll(".bar-wrapper.tl-milestone").forEach((w) => {
      const bar = w.querySelector(".bar");
      if (!bar || w.querySelector(".tl-diamond")) return;
      const h = Number(bar.getAttribute("height"));
      const y = Number(bar.getAttribute("y"));
      const x = Number(bar.getAttribute("x"));
      const s = h * 0.7;
      const cx = x + Math.min(Number(bar.getAttribute("width")), s) / 2;
      const cy = y + h / 2;
      const p = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
      p.setAttribute("class", "tl-diamond");
      p.setAttribute(
        "points",
        `${cx},${cy - s / 2} ${cx + s / 2},${cy} ${cx},${cy + s / 2} ${cx - s / 2},${cy}`,
      );
      bar.parentNode.insertBefore(p, bar.nextSibling);
    });
  }

  function init() {
    const root = document.getElementById("tl-chart");
    const data = document.getElementById("tl-rows");
    if (!root || !data || root.dataset.ready || !globalThis.Gantt) return;
    root.dataset.ready = "1";
    const rows = JSON.parse(data.textContent || "[]");
    const original = new Map(rows.map((r) => [r.id, { start: r.start, end: r.end }]));
    const kinds = new Map(rows.map((r) => [r.id, r.type]));
    const writable = root.dataset.writable === "1";
    const pending = new Map();
    const fresh = () =>
      rows.map((r) => ({
        ...r,
        ...original.get(r.id),
        dependencies: r.dependencies.slice(),
      }));
    // The library also draws a hatch pattern for ignored days through a style attribute, which
    // the CSP refuses; no day is ignored here, so that step keeps only the today line.
    class TimelineGantt extends globalThis.Gantt {
      make_grid_highlights() {
        this.highlight_holidays();
        this.config.ignored_positions = [];
        this.highlight_current(this.config.view_mode);
      }
    }
    const gantt = new TimelineGantt(root, fresh(), {
      view_mode: "Week",
      language: root.dataset.lang || "en",
      readonly: !writable,
      readonly_progress: true,
      move_dependencies: false,
      today_button: false,
      view_mode_select: false,
      popup_on: "click",
      // The first bar, a little to its left.
      scroll_to: rows.reduce((m, r) => (r.start < m ? r.start : m), rows[0].start),
      bar_height: 24,
      padding: 14,
      infinite_padding: false,
      // Weekend shading is drawn with style attributes, which the CSP refuses.
      holidays: {},
      on_date_change: (task, start, end) => {
        if (kinds.get(task.id) !== "task") {
          pending.set(task.id, null);
          return;
        }
        pending.set(task.id, { start: iso(start), end: iso(end) });
      },
      on_view_change: () => setTimeout(() => diamonds(root), 0),
      popup: (p) => {
        p.set_title(p.task.name);
        // The bar's days as drawn now (after a drag, before the save answers).
        const o = { start: iso(p.task._start), end: iso(new Date(p.task._end.getTime() - 1000)) };
        const when = o.start === o.end
          ? dayText(root, o.start)
          : `${dayText(root, o.start)} – ${dayText(root, o.end)}`;
        p.set_subtitle(when);
        p.set_details(
          /^tl-critical/.test(p.task.custom_class || "") ? root.dataset.critical : "",
        );
      },
    });
    // The chart scrolls inside its own box: reachable by keyboard (arrow keys scroll it).
    gantt.$container.setAttribute("tabindex", "0");
    gantt.$container.setAttribute("aria-label", root.getAttribute("aria-label") || "");
    diamonds(root);

    // Draws the rows again as last saved (a refused move snaps back).
    function redraw() {
      gantt.refresh(fresh());
      diamonds(root);
    }

    async function save(id, dates) {
      root.dataset.busy = "1";
      try {
        const res = await fetch(`/api/projects/tasks/${id}`, {
          method: "PUT",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ startDate: dates.start, dueDate: dates.end }),
        });
        if (res.ok) {
          const task = await res.json();
          original.set(id, {
            start: task.startDate || dates.start,
            end: task.dueDate || dates.end,
          });
          const when = dates.start === dates.end
            ? dayText(root, dates.start)
            : `${dayText(root, dates.start)} – ${dayText(root, dates.end)}`;
          message(root, "ok", fill(root.dataset.saved, { task: task.title, dates: when }));
          const li = document.querySelector(`.tl-row[data-id="${id}"] .tl-dates`);
          if (li) li.textContent = when;
          return;
        }
        const problem = await res.json().catch(() => ({}));
        message(root, "error", refusal(root, problem));
        redraw();
      } catch {
        message(root, "error", root.dataset.failed);
        redraw();
      } finally {
        delete root.dataset.busy;
      }
    }

    function flush() {
      setTimeout(() => {
        const moves = [...pending];
        pending.clear();
        let snap = false;
        for (const [id, dates] of moves) {
          if (!dates) snap = true;
          else if (dates.start !== original.get(id).start || dates.end !== original.get(id).end) {
            save(id, dates);
          }
        }
        if (snap) redraw();
      }, 0);
    }
    document.addEventListener("mouseup", flush);
    document.addEventListener("touchend", flush);

    const zoom = document.querySelector(".tl-zoom");
    if (zoom) {
      zoom.addEventListener("click", (e) => {
        const b = e.target.closest("button[data-mode]");
        if (!b) return;
        zoom.querySelectorAll("button").forEach((x) =>
          x.setAttribute("aria-pressed", x === b ? "true" : "false")
        );
        // Not "keep position": the same pixels are other days at another zoom.
        gantt.change_view_mode(b.dataset.mode);
        diamonds(root);
      });
    }
  }

  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
  if (document.readyState !== "loading") init();
})();
