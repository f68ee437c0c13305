// Sandtable Studio: live updates (server-sent events), the map's zoom and
// pan, the diagnostics' source view, the replay viewer and the sims page.
// Plain JavaScript, no library.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
const page = document.body.dataset.page;
const key = document.body.dataset.key;

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

async function getJSON(url, opts) {
  const r = await fetch(url, opts);
  const body = await r.json().catch(() => ({ error: r.statusText }));
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

// ---- live updates ----
// Every open page of the studio shares one event stream through a shared
// worker (live.js): a browser allows six connections to one host. Without
// shared workers, each page holds its own stream while it is shown.
const handlers = {};
let liveState = "";
function setLive(state) {
  const was = liveState;
  liveState = state;
  const live = $("#live");
  if (live) {
    live.classList.toggle("off", state !== "open");
    live.textContent = state === "open" ? "● live" : "● connecting";
    live.dataset.state = state;
  }
  // Whatever changed while the stream was not open was not told: catch up.
  if (state === "open" && was !== "open" && handlers.resync) handlers.resync();
}
function deliver(name, data) { if (handlers[name]) handlers[name](data); }
function connect() {
  if (window.SharedWorker) {
    const port = new SharedWorker("/static/live.js").port;
    port.onmessage = (m) => { if (m.data.state) setLive(m.data.state); else deliver(m.data.name, m.data.data); };
    port.start();
    window.addEventListener("pagehide", () => port.postMessage("bye"));
    window.addEventListener("pageshow", (e) => { if (e.persisted) port.postMessage("hello"); });
    return;
  }
  let es = null;
  const open = () => {
    es = new EventSource("/events");
    es.onopen = () => setLive("open");
    es.onerror = () => setLive("error");
    for (const name of ["index", "scenario", "sim"]) es.addEventListener(name, (ev) => deliver(name, ev.data));
  };
  open();
  window.addEventListener("pagehide", () => { if (es) { es.close(); es = null; } });
  window.addEventListener("pageshow", (e) => { if (e.persisted && !es) open(); });
}
connect();
for (const a of $$(".top nav a")) if (a.dataset.nav === page) a.classList.add("current");

// ---- index ----
if (page === "index") {
  let pending = false;
  handlers.resync = () => handlers.index();
  handlers.index = async () => {
    if (pending) return;
    pending = true;
    try {
      const html = await (await fetch("/")).text();
      const doc = new DOMParser().parseFromString(html, "text/html");
      $("main").replaceWith(doc.querySelector("main"));
    } finally { pending = false; }
  };
}

// ---- map: zoom, pan, hover ----
const view = { base: null, vb: null };
function mapSVG(box) { return box && box.querySelector("svg"); }
function parseVB(svg) { return svg.getAttribute("viewBox").split(/[ ,]+/).map(Number); }
function setVB(svg, vb) { svg.setAttribute("viewBox", vb.map((n) => +n.toFixed(2)).join(" ")); view.vb = vb; }
function initMap(box) {
  if (!box) return;
  let drag = null;
  box.addEventListener("wheel", (e) => {
    const svg = mapSVG(box); if (!svg) return;
    e.preventDefault();
    zoomAt(svg, e.deltaY < 0 ? 0.8 : 1.25, e.clientX, e.clientY);
  }, { passive: false });
  box.addEventListener("pointerdown", (e) => {
    const svg = mapSVG(box); if (!svg || e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, vb: parseVB(svg), moved: false };
    box.setPointerCapture(e.pointerId);
  });
  box.addEventListener("pointermove", (e) => {
    const svg = mapSVG(box);
    if (drag && svg) {
      const r = svg.getBoundingClientRect();
      const s = Math.max(drag.vb[2] / r.width, drag.vb[3] / r.height);
      const dx = (e.clientX - drag.x) * s, dy = (e.clientY - drag.y) * s;
      if (Math.abs(dx) + Math.abs(dy) > 0) { drag.moved = true; box.classList.add("dragging"); }
      setVB(svg, [drag.vb[0] - dx, drag.vb[1] - dy, drag.vb[2], drag.vb[3]]);
      return;
    }
    showHover(e.target);
  });
  const end = () => { drag = null; box.classList.remove("dragging"); };
  box.addEventListener("pointerup", end);
  box.addEventListener("pointercancel", end);
  box.addEventListener("keydown", (e) => {
    const svg = mapSVG(box); if (!svg) return;
    if (e.key === "+" || e.key === "=") zoomBy(svg, 0.8);
    else if (e.key === "-") zoomBy(svg, 1.25);
    else if (e.key === "0") fit(svg);
  });
  adoptMap(box);
}
function adoptMap(box) {
  const svg = mapSVG(box); if (!svg) return;
  const base = parseVB(svg);
  // A new drawing of the same size keeps the reader's zoom and pan.
  if (view.base && view.vb && base[2] === view.base[2] && base[3] === view.base[3]) setVB(svg, view.vb);
  else view.vb = null;
  view.base = base;
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
}
function zoomAt(svg, f, cx, cy) {
  const vb = parseVB(svg), r = svg.getBoundingClientRect();
  const s = Math.max(vb[2] / r.width, vb[3] / r.height);
  const ox = vb[0] + (vb[2] - r.width * s) / 2, oy = vb[1] + (vb[3] - r.height * s) / 2;
  const px = ox + (cx - r.left) * s, py = oy + (cy - r.top) * s;
  const w = Math.min(Math.max(vb[2] * f, view.base[2] / 40), view.base[2] * 4);
  const k = w / vb[2], h = vb[3] * k;
  setVB(svg, [px - (px - vb[0]) * k, py - (py - vb[1]) * k, w, h]);
}
function zoomBy(svg, f) { const r = svg.getBoundingClientRect(); zoomAt(svg, f, r.left + r.width / 2, r.top + r.height / 2); }
function fit(svg) { setVB(svg, view.base.slice()); view.vb = null; }
for (const b of $$("[data-zoom]")) {
  b.addEventListener("click", () => {
    const svg = mapSVG($("#map")); if (!svg) return;
    if (b.dataset.zoom === "in") zoomBy(svg, 0.8); else if (b.dataset.zoom === "out") zoomBy(svg, 1.25); else fit(svg);
  });
}
function showHover(target) {
  const box = $("#hover"); if (!box) return;
  for (let n = target; n && n.tagName && n.tagName.toLowerCase() !== "svg"; n = n.parentNode) {
    const t = Array.from(n.children || []).find((c) => c.tagName.toLowerCase() === "title");
    if (t) { box.textContent = t.textContent; return; }
  }
}

// ---- scenario page ----
if (page === "scenario") {
  initMap($("#map"));
  let selected = null; // the selected diagnostic's message
  const select = async (li) => {
    $$(".diag.selected").forEach((x) => x.classList.remove("selected"));
    $$("#map g.diagnostic.hl").forEach((g) => g.classList.remove("hl"));
    if (!li) { selected = null; return; }
    li.classList.add("selected");
    selected = li.dataset.message;
    const marker = $$("#map g.diagnostic").find((g) => { const t = g.querySelector("title"); return t && t.textContent === selected; });
    if (marker) marker.classList.add("hl");
    if (li.dataset.file) await showSource(li.dataset.file, +li.dataset.line);
  };
  const showSource = async (file, line) => {
    const box = $("#source");
    try {
      const f = await getJSON(`/file?s=${encodeURIComponent(key)}&f=${encodeURIComponent(file)}`);
      $("#source-name").replaceChildren(el("bdi", {}, `${f.name}:${line}`)); // the name is cut at its start, the line kept
      const ed = $("#source-editor");
      if (f.editor) { ed.href = f.editor.replace(/:1$/, ":" + line); ed.hidden = false; } else ed.hidden = true;
      const ol = $("#source-lines");
      ol.replaceChildren(...f.lines.map((text, i) => { const li = el("li", i + 1 === line ? { class: "hl" } : {}); li.append(el("code", {}, text)); return li; }));
      box.hidden = false;
      const hl = $("li.hl", ol);
      if (hl) ol.scrollTop = hl.offsetTop - ol.clientHeight / 2 + hl.offsetHeight / 2; // ol is the offset parent
    } catch (e) { box.hidden = true; }
  };
  $("#diags").addEventListener("click", (e) => {
    if (e.target.closest("a")) return;
    const li = e.target.closest(".diag"); if (li) select(li);
  });
  $("#diags").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { const li = e.target.closest(".diag"); if (li) select(li); }
  });
  let version = +document.body.dataset.version;
  let busy = false, again = false;
  handlers.resync = () => handlers.scenario(key);
  handlers.scenario = async (k) => {
    if (k !== key) return;
    if (busy) { again = true; return; }
    busy = true;
    try {
      do {
        again = false;
        const u = await getJSON(`/scenario/live?s=${encodeURIComponent(key)}`);
        if (u.version === version) continue;
        version = u.version;
        document.body.dataset.version = version;
        $("#map").innerHTML = u.map;
        adoptMap($("#map"));
        $("#diags").innerHTML = u.diags;
        $("#counts").innerHTML = u.counts;
        $("#entities").innerHTML = u.entities;
        $("#hooks").innerHTML = u.hooks;
        const again_ = selected && $$("#diags .diag").find((li) => li.dataset.message === selected);
        if (again_) select(again_); else { selected = null; $("#source").hidden = true; }
        document.body.dataset.updatedAt = Date.now(); // when the page showed the check (the browser test reads it)
      } while (again);
    } catch (e) { console.error(e); } finally { busy = false; }
  };
}

// ---- replay viewer ----
if (page === "replay" && $("#film-form")) {
  const st = { film: null, step: 0, svgs: new Map() };
  const err = (msg) => { const p = $("#film-error"); p.textContent = msg || ""; p.hidden = !msg; };
  const agents = () => $$("#film-form select[name=agent]").map((s) => s.value);
  async function load(body, isForm) {
    err("");
    try {
      const opts = isForm ? { method: "POST", body } : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
      st.film = await getJSON("/api/film", opts);
      st.svgs.clear();
      const range = $("#step");
      range.max = st.film.frames.length - 1;
      $("#viewer").hidden = false;
      const log = $("#log");
      log.replaceChildren();
      st.film.frames.forEach((f, i) => f.events.forEach((ev) => { const li = el("li", { "data-step": i }); li.append(el("span", { class: "at" }, `step ${i}`), el("span", {}, ev)); log.append(li); }));
      $("#result").textContent = st.film.cut ? "The film was cut at the frame limit." : (st.film.result ? "Result: " + st.film.result : "");
      await show(0);
      $("#step").focus();
    } catch (e) { err(e.message); }
  }
  async function frameSVG(i) {
    if (!st.svgs.has(i)) {
      const r = await fetch(`/api/film/frame?id=${st.film.id}&step=${i}`);
      st.svgs.set(i, r.ok ? await r.text() : "<p class=note>no map</p>");
    }
    return st.svgs.get(i);
  }
  async function show(i) {
    if (!st.film) return;
    const n = st.film.frames.length;
    i = Math.max(0, Math.min(n - 1, i));
    st.step = i;
    const f = st.film.frames[i];
    $("#step").value = i;
    $("#pos").textContent = `step ${i} / ${n - 1} · turn ${f.turn}`;
    const svg = await frameSVG(i);
    if (st.step !== i) return; // a later key press won
    $("#frame-map").innerHTML = svg;
    $("#frame-map").dataset.step = i;
    adoptMap($("#frame-map"));
    const dec = $("#decision");
    dec.replaceChildren();
    if (f.role >= 0) {
      dec.append(el("p", {}, `${st.film.roles[f.role] ?? "role " + f.role}: ${f.question}`));
      const ol = el("ol", { class: "options", start: "0", style: "position:relative" });
      f.options.forEach((o, k) => ol.append(el("li", k === f.chosen ? { class: "chosen" } : {}, o)));
      dec.append(ol);
      const chosen = $("li.chosen", ol);
      if (chosen) ol.scrollTop = chosen.offsetTop - ol.clientHeight / 2;
    } else dec.append(el("p", { class: "note" }, i === 0 ? "The start, before any decision." : "No decision at this step."));
    $("#events").replaceChildren(...(f.events.length ? f.events.map((e) => el("li", {}, e)) : [el("li", { class: "note" }, "none")]));
    $("#state").textContent = f.state.join("\n");
    let first = null;
    for (const li of $$("#log li")) {
      const now = +li.dataset.step === i;
      li.classList.toggle("now", now);
      if (now && !first) first = li;
    }
    if (first) { const log = $("#log"); log.scrollTop = first.offsetTop - log.offsetTop - 20; }
  }
  function turnStep(dir) {
    const fr = st.film.frames, t = fr[st.step].turn;
    let i = st.step;
    if (dir > 0) { while (i < fr.length - 1 && fr[i].turn === t) i++; }
    else {
      while (i > 0 && fr[i].turn === t) i--;          // into the previous turn
      const t2 = fr[i].turn;
      while (i > 0 && fr[i - 1].turn === t2) i--;     // to its first step
    }
    return i;
  }
  function go(what) {
    if (!st.film) return;
    const last = st.film.frames.length - 1;
    const to = { first: 0, last, prev: st.step - 1, next: st.step + 1, "prev-turn": turnStep(-1), "next-turn": turnStep(1) }[what];
    show(to);
  }
  $("#film-form").addEventListener("submit", (e) => {
    e.preventDefault();
    load({ scenario: key, seed: $("#seed").value.trim() || "0", agents: agents() });
  });
  $("#open-record").addEventListener("click", () => {
    const file = $("#record").files[0], path = $("#record-path").value.trim();
    if (file) { const fd = new FormData(); fd.append("scenario", key); fd.append("record", file); load(fd, true); }
    else if (path) load({ scenario: key, path });
    else err("Choose a recorded game file or give its path inside the scenario.");
  });
  $("#step").addEventListener("input", (e) => show(+e.target.value));
  for (const b of $$("[data-go]")) b.addEventListener("click", () => go(b.dataset.go));
  document.addEventListener("keydown", (e) => {
    if (!st.film || e.target.matches("input[type=number], input[type=text], select")) return;
    const k = e.key;
    let what = null;
    if (k === "ArrowRight") what = e.shiftKey ? "next-turn" : "next";
    else if (k === "ArrowLeft") what = e.shiftKey ? "prev-turn" : "prev";
    else if (k === "PageDown") what = "next-turn";
    else if (k === "PageUp") what = "prev-turn";
    else if (k === "Home") what = "first";
    else if (k === "End") what = "last";
    if (what) { e.preventDefault(); go(what); }
  });
  initMap($("#frame-map"));
  // Opened from a sim's link: play that game at once.
  const q = new URLSearchParams(location.search);
  if (q.has("seed")) {
    $("#seed").value = q.get("seed");
    const as = (q.get("agents") || "").split(",").filter(Boolean);
    $$("#film-form select[name=agent]").forEach((s, i) => { if (as[i]) s.value = as[i]; });
    load({ scenario: key, seed: q.get("seed"), agents: as.length ? as : agents() });
  }
}

// ---- sims ----
if (page === "sims" && $("#sim-form")) {
  let job = null, timer = null;
  const err = (msg) => { const p = $("#sim-error"); p.textContent = msg || ""; p.hidden = !msg; };
  function render(s) {
    $("#progress").value = s.percent;
    $("#progress-text").textContent = `${s.done} / ${s.total} games (${s.percent} %) · ${s.state}`;
    $("#stop").disabled = s.state !== "running";
    $("#start").disabled = s.state === "running";
    if (s.state === "running") return;
    clearInterval(timer); timer = null;
    if (s.problem) err(s.problem);
    if (s.state !== "done") return;
    if (s.html) {
      const f = $("#sim-report");
      // The report is a page of its own: the frame grows to its height, so
      // the sims page scrolls as one.
      f.onload = () => { const d = f.contentDocument; if (d) f.style.height = d.documentElement.scrollHeight + 24 + "px"; };
      f.src = `/api/sim/report?id=${s.id}`; f.hidden = false; $("#sim-text").hidden = true;
    }
    else { $("#sim-text").textContent = s.text; $("#sim-text").hidden = false; $("#sim-report").hidden = true; }
    const box = $("#link-list");
    box.replaceChildren();
    for (const group of ["length", "content"]) {
      const links = (s.links || []).filter((l) => l.group === group);
      if (!links.length) continue;
      box.append(el("h3", {}, group === "length" ? "By game length" : "By content used"));
      const div = el("div", { class: "linkgroup" });
      for (const l of links) {
        const a = el("a", { href: `/replay?s=${encodeURIComponent(key)}&seed=${l.seed}&agents=${encodeURIComponent(l.agents.join(","))}`, title: `${l.games} game(s) of the batch; opens the first (seed ${l.seed})` }, `${l.label} (${l.games})`);
        div.append(a);
      }
      box.append(div);
    }
    $("#links").hidden = !box.children.length;
  }
  async function poll() {
    try { render(await getJSON(`/api/sim/status?id=${job}`)); } catch (e) { err(e.message); clearInterval(timer); timer = null; }
  }
  $("#sim-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    err(""); $("#links").hidden = true; $("#sim-text").hidden = true; $("#sim-report").hidden = true;
    const agents = $$("#sim-form select[name=agent]").map((s) => s.value);
    try {
      const s = await getJSON("/api/sim", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ scenario: key, games: Number($("#games").value), seed: $("#sim-seed").value.trim() || "0", agents, report: $("#report").value }) });
      job = s.id; render(s);
      if (!timer) timer = setInterval(poll, 200);
    } catch (e2) { err(e2.message); }
  });
  $("#stop").addEventListener("click", async () => { if (job) render(await getJSON(`/api/sim/stop?id=${job}`, { method: "POST" })); });
  handlers.sim = (id) => { if (id === job) poll(); };
}
