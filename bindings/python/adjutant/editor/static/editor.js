// The terrain editor's page: the board image, the module's hexes over it in SVG, and the edited
// state kept here until Save sends it (POST /api/save).
"use strict";
const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#2e8b57", "#d2691e", "#6a5acd", "#b8860b", "#c71585", "#1e90ff", "#556b2f", "#8b0000"];
const editor = { map: null, state: null, hexes: {}, undo: [], redo: [], guessed: new Set(), stroke: null };
window.editor = editor;

const $ = (id) => document.getElementById(id);
const el = (name, attrs, parent) => {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
};
const tool = () => document.querySelector("input[name=tool]:checked").value;
const sideKey = (a, b) => `${a}/${b}`;

async function load() {
  const response = await fetch("/api/map");
  editor.map = await response.json();
  const m = editor.map;
  for (const h of m.hexes) editor.hexes[h.name] = h;
  editor.state = m.state || { terrain: {}, elevation: {}, hexsides: [], lines: [], places: [] };
  const v = m.vocabulary || { terrain: [], hexside: [], lines: [], high_side: [] };
  fill($("terrain-type"), v.terrain);
  fill($("hexside-feature"), v.hexside);
  fill($("line-type"), v.lines);
  fill($("place-kind"), v.places || []);
  fill($("live-class"), m.unit_classes || []);
  editor.colours = Object.fromEntries(v.terrain.map((t, i) => [t, COLOURS[i % COLOURS.length]]));
  $("about").textContent = `${m.module}: map ${m.map}, board ${m.board}; ` +
    (m.companion ? `companion ${m.companion}` : `a new companion file (the first terrain type named is the ` +
      `terrain of unpainted hexes); Save writes ${m.saves_to}`) + (m.readonly ? " (read-only)" : "");
  for (const b of document.querySelectorAll(".new-word")) {
    b.hidden = m.readonly;
    b.addEventListener("click", () => newWord(b.dataset.kind));
  }
  $("save").disabled = m.readonly;
  $("guesses").disabled = !m.companion;
  build();
  draw();
  zoom();
}

// A file begun here: its vocabulary grows with each type named on the page (sent with the state).
const SELECTS = { terrain: "terrain-type", hexside: "hexside-feature", lines: "line-type", places: "place-kind" };
function newWord(kind) {
  const name = (window.prompt(`New ${{ lines: "line type", places: "place kind" }[kind] || kind + " type"}:`) || "").trim();
  const v = editor.map.vocabulary;
  if (!name) return;
  if (v[kind].includes(name)) { status(`${name} is named already`, true); $(SELECTS[kind]).value = name; return; }
  v[kind].push(name);
  if (kind === "hexside" && window.confirm(`Has ${name} a high side (a slope)?`)) v.high_side.push(name);
  if (kind === "terrain") {
    editor.colours[name] = COLOURS[(v.terrain.length - 1) % COLOURS.length];
    if (v.terrain.length === 1) v.default_terrain = name;
  }
  fill($(SELECTS[kind]), v[kind]);
  $(SELECTS[kind]).value = name;
}
function sent() { return { ...editor.state, vocabulary: editor.map.vocabulary }; }

function fill(select, names) {
  select.innerHTML = "";
  for (const n of names) {
    const o = document.createElement("option");
    o.value = o.textContent = n;
    select.appendChild(o);
  }
}

function build() {
  const m = editor.map, svg = $("board");
  const [x, y, w, h] = m.board_rect;
  svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  el("image", { href: m.board_image, x, y, width: w, height: h, preserveAspectRatio: "none" }, svg);
  editor.layers = { shade: el("g", {}, svg), sides: el("g", {}, svg), routes: el("g", {}, svg),
                    levels: el("g", {}, svg), live: el("g", {}, svg), grid: el("g", {}, svg) };
  for (const hex of m.hexes) {
    const p = el("polygon", { points: hex.corners.map((c) => c.join(",")).join(" "), class: "hex",
                              "data-hex": hex.name }, editor.layers.grid);
    el("title", {}, p).textContent = hex.location;
    hex.element = p;
    p.addEventListener("mousedown", (e) => { e.preventDefault(); begin(hex, e); });
    p.addEventListener("mouseenter", () => { $("hover").textContent = hex.location; if (editor.stroke) extend(hex); });
  }
  window.addEventListener("mouseup", end);
}

// --- zoom: the board drawn `zoom` times the size that fits its frame, the view's centre kept ---
function zoom() {
  const frame = $("board-frame"), svg = $("board"), [, , w, h] = editor.map.board_rect;
  const centre = [(frame.scrollLeft + frame.clientWidth / 2) / frame.scrollWidth,
                  (frame.scrollTop + frame.clientHeight / 2) / frame.scrollHeight];
  const scale = Math.min(frame.clientWidth / w, frame.clientHeight / h) * parseFloat($("zoom").value);
  svg.style.width = `${Math.floor(w * scale)}px`;
  svg.style.height = `${Math.floor(h * scale)}px`;
  frame.scrollLeft = centre[0] * frame.scrollWidth - frame.clientWidth / 2;
  frame.scrollTop = centre[1] * frame.scrollHeight - frame.clientHeight / 2;
}

// --- strokes: one undo step each ---
function snapshot() { return JSON.stringify(editor.state); }
function remember() {
  editor.undo.push(snapshot());
  editor.redo = [];
  buttons();
}
function buttons() {
  $("undo").disabled = !editor.undo.length;
  $("redo").disabled = !editor.redo.length;
}

function begin(hex, event) {
  if (!editor.map.vocabulary) return;
  const t = tool();
  if (t === "live") { liveClick(hex); return; }
  if (t === "place") { namePlace(hex); return; }
  const chosen = { terrain: "terrain-type", hexside: "hexside-feature", line: "line-type" }[t];
  if (chosen && !$(chosen).value) {
    status(`no ${{ terrain: "terrain type", hexside: "hexside feature", line: "line type" }[t]} to paint with: ` +
           (editor.map.starter ? "name one with New… first" : "the companion file's [vocabulary] names none"), true);
    return;
  }
  remember();
  if (t === "hexside") {
    toggleSide(hex, pointOf(event));
    draw();
    return;
  }
  editor.stroke = { tool: t, hexes: [hex.name] };
  paint(hex);
}

function extend(hex) {
  const s = editor.stroke;
  if (s.tool === "line") {
    const last = editor.hexes[s.hexes[s.hexes.length - 1]];
    if (last.name !== hex.name && last.neighbours.includes(hex.name)) s.hexes.push(hex.name);
    drawStroke();
    return;
  }
  paint(hex);
}

function end() {
  const s = editor.stroke;
  editor.stroke = null;
  if (!s) return;
  if (s.tool === "line") {
    if (s.hexes.length >= 2) editor.state.lines.push({ type: $("line-type").value, name: "", hexes: s.hexes,
                                                         no_junction: [] });
    else editor.undo.pop();
    buttons();
  }
  draw();
}

// A hex holding a place of the chosen kind: rename it (an empty name removes it); otherwise name a new one.
function namePlace(hex) {
  const kind = $("place-kind").value;
  if (!kind) { status("choose a place kind first", true); return; }
  const places = editor.state.places;
  const at = places.findIndex((p) => p.kind === kind && (p.hex === hex.name || (p.hexes || []).includes(hex.name)));
  if (at >= 0) {
    const given = window.prompt(`Rename the ${kind} ${places[at].name} (empty: remove it):`, places[at].name);
    if (given === null || given.trim() === places[at].name) return;
    remember();
    if (given.trim()) places[at].name = given.trim();
    else places.splice(at, 1);
    draw();
    return;
  }
  const name = (window.prompt(`Name of the ${kind} at ${hex.name}:`) || "").trim();
  if (!name) return;
  remember();
  places.push({ name, kind, hex: hex.name });
  draw();
}

function paint(hex) {
  const t = editor.stroke.tool;
  if (t === "terrain") {
    editor.state.terrain[hex.name] = $("terrain-type").value;
    editor.guessed.delete(hex.name);
  } else if (t === "elevation") {
    editor.state.elevation[hex.name] = parseInt($("elevation-level").value, 10) || 0;
  }
  if (t !== "line") draw();
}

// The hexside of `hex` nearest the point: towards the neighbour whose centre is closest to it.
function toggleSide(hex, point) {
  let best = null, bestDistance = Infinity;
  for (const n of hex.neighbours) {
    const c = editor.hexes[n].centre, d = (c[0] - point[0]) ** 2 + (c[1] - point[1]) ** 2;
    if (d < bestDistance) { best = n; bestDistance = d; }
  }
  if (!best) return;
  const feature = $("hexside-feature").value;
  const high = editor.map.vocabulary.high_side.includes(feature) ? hex.name : "";
  const sides = editor.state.hexsides;
  const at = sides.findIndex((s) => s.feature === feature &&
    (s.side === sideKey(hex.name, best) || s.side === sideKey(best, hex.name)));
  if (at >= 0) sides.splice(at, 1);
  else sides.push({ side: sideKey(hex.name, best), feature, high });
}

function pointOf(event) {
  const svg = $("board"), p = svg.createSVGPoint();
  p.x = event.clientX;
  p.y = event.clientY;
  const q = p.matrixTransform(svg.getScreenCTM().inverse());
  return [q.x, q.y];
}

// Where a map point is in the window (for tests and tools driving the page).
editor.screenPoint = (x, y) => {
  const svg = $("board"), p = svg.createSVGPoint();
  p.x = x;
  p.y = y;
  const q = p.matrixTransform(svg.getScreenCTM());
  return [q.x, q.y];
};

function undo() {
  if (!editor.undo.length) return;
  editor.redo.push(snapshot());
  editor.state = JSON.parse(editor.undo.pop());
  buttons();
  draw();
}
function redo() {
  if (!editor.redo.length) return;
  editor.undo.push(snapshot());
  editor.state = JSON.parse(editor.redo.pop());
  buttons();
  draw();
}

// --- drawing the state ---
function sideEnds(a, b) {
  const c = editor.hexes[b].centre;
  return editor.hexes[a].corners.slice()
    .sort((p, q) => ((p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2) - ((q[0] - c[0]) ** 2 + (q[1] - c[1]) ** 2))
    .slice(0, 2);
}

function draw() {
  const L = editor.layers, v = editor.map.vocabulary;
  for (const g of [L.shade, L.sides, L.routes, L.levels]) g.innerHTML = "";
  if (!v) return;
  for (const [name, type] of Object.entries(editor.state.terrain)) {
    const hex = editor.hexes[name];
    if (!hex || type === v.default_terrain) continue;
    el("polygon", { points: hex.element.getAttribute("points"), fill: editor.colours[type] || "#888",
                    "fill-opacity": 0.45, "data-terrain": type }, L.shade);
  }
  for (const [name, level] of Object.entries(editor.state.elevation)) {
    const hex = editor.hexes[name];
    if (!hex || level === v.default_elevation) continue;
    const size = Math.abs(hex.corners[0][1] - hex.corners[3][1]) || 40;
    el("text", { x: hex.centre[0], y: hex.centre[1] - size * 0.15, class: "level", "font-size": size * 0.3 },
       L.levels).textContent = level;
  }
  for (const s of editor.state.hexsides) {
    const [a, b] = s.side.split("/");
    if (!editor.hexes[a] || !editor.hexes[b]) continue;
    const [p, q] = sideEnds(a, b);
    const colour = { river: "#1040ff", creek: "#3080ff", stream: "#3080ff", bridge: "#404040" }[s.feature] || "#a05000";
    el("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: colour, "stroke-width": 5, class: "side",
                 "data-side": s.side, "data-feature": s.feature }, L.sides);
  }
  editor.state.lines.forEach((line) => route(line.hexes, line.type, L.routes));
  for (const p of editor.state.places) {
    const hex = editor.hexes[p.hex];
    if (hex) el("text", { x: hex.centre[0], y: hex.centre[1] + 4, class: "place", "data-place": p.name },
                L.levels).textContent = p.name;
  }
  drawStroke();
  for (const hex of Object.values(editor.hexes)) hex.element.classList.toggle("guessed", editor.guessed.has(hex.name));
}

function route(hexes, type, parent) {
  const colour = { pike: "#000000", road: "#8b4513", trail: "#a0a000", railroad: "#303030" }[type] || "#700070";
  const pts = hexes.filter((h) => editor.hexes[h]).map((h) => editor.hexes[h].centre.join(",")).join(" ");
  return el("polyline", { points: pts, stroke: colour, "stroke-width": 4, class: "route", "data-line": type }, parent);
}

function drawStroke() {
  const old = document.getElementById("stroke");
  if (old) old.remove();
  const s = editor.stroke;
  if (s && s.tool === "line") route(s.hexes, $("line-type").value, editor.layers.routes).id = "stroke";
}

// --- the server ---
async function loadGuesses() {
  const response = await fetch("/api/guesses");
  const body = await response.json();
  if (!response.ok) { status(body.error, true); return; }
  remember();
  Object.assign(editor.state.terrain, body.terrain);
  Object.assign(editor.state.elevation, body.elevation);
  editor.guessed = new Set(Object.keys(body.terrain));
  status(`sampled terrain loaded: ${editor.guessed.size} hexes marked until painted`);
  draw();
}

async function save() {
  const answer = await ask("/api/save", sent());
  if (!answer) return;
  const [response, body] = answer;
  const list = $("messages");
  list.innerHTML = "";
  for (const hex of Object.values(editor.hexes)) hex.element.classList.remove("flagged");
  if (!response.ok) { status(body.error, true); return; }
  status(`saved ${body.path}` + (body.problems.length ? ": terrain check found a problem" : ": terrain check passes") +
         (body.notes || []).map((n) => `; ${n}`).join(""));
  $("status").dataset.path = body.path;
  for (const p of body.problems) {
    const li = document.createElement("li");
    li.textContent = p.message;
    li.addEventListener("click", () => p.hexes.forEach((h) => editor.hexes[h].element.classList.add("flagged")));
    list.appendChild(li);
    p.hexes.forEach((h) => editor.hexes[h] && editor.hexes[h].element.classList.add("flagged"));
  }
}

// POST `request` as JSON: [response, body], or null when the server did not answer with JSON (said in the status).
async function ask(url, request) {
  try {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" },
                                        body: JSON.stringify(request) });
    return [response, await response.json()];
  } catch (e) {
    status(`${url}: no answer from the editor's server (is \`adjutant edit\` still running?): ${e.message}`, true);
    return null;
  }
}

function status(text, bad) {
  $("status").textContent = text;
  $("status").style.color = bad ? "#a00" : "#060";
}

$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("save").addEventListener("click", save);
$("guesses").addEventListener("click", loadGuesses);
$("zoom").addEventListener("change", zoom);
window.addEventListener("resize", zoom);
document.addEventListener("keydown", (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); e.shiftKey ? redo() : undo(); }
  if ((e.ctrlKey || e.metaKey) && e.key === "y") { e.preventDefault(); redo(); }
});
load();
