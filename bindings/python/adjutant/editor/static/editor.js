// The terrain editor's page: the board image, the module's hexes over it in SVG, and the edited
// state kept here until Save sends it (POST /api/save).
"use strict";
const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#2e8b57", "#d2691e", "#6a5acd", "#b8860b", "#c71585", "#1e90ff", "#556b2f", "#8b0000"];
// Lines and hexsides in colours board art rarely prints (bright, over a white casing), one per type.
const LINE_COLOURS = ["#ff00ff", "#00b7ff", "#ff7f00", "#00d060", "#ff2050", "#8000ff"];
const SIDE_COLOURS = ["#00e5ff", "#ff00aa", "#ffd000", "#7cff00", "#ff5a00", "#b266ff"];
const MAX_ELEVATION = 1000000;   // the format's range, +-
const editor = { map: null, state: null, hexes: {}, undo: [], redo: [], guessed: new Set(), stroke: null, saved: null };
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
  const answer = await ask("/api/map");
  if (!answer) return;
  if (!answer[0].ok) { status(answer[1].error, true); return; }
  for (const b of document.querySelectorAll(".new-word")) b.addEventListener("click", () => newWord(b.dataset.kind));
  show(answer[1]);
  build();
  draw();
  zoom();
}

// After the first Save of a file begun on the page, the server works from the file written: the page
// takes its contents (its version, its places numbered as in the file), as a reload would.
async function reopen() {
  const answer = await ask("/api/map");
  if (!answer || !answer[0].ok) return;
  show(answer[1]);
  editor.undo = [];
  editor.redo = [];
  draw();
}

function show(m) {
  editor.map = m;
  for (const h of m.hexes) editor.hexes[h.name] = Object.assign(editor.hexes[h.name] || {}, h);  // keeps its element
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
  for (const b of document.querySelectorAll(".new-word")) b.hidden = m.readonly;
  $("save").disabled = m.readonly;
  $("guesses").disabled = !m.companion;
  $("guesses").title = m.companion ? "terrain sample's guesses from the board's colours, by the file's [map.palette]"
    : "no companion file: terrain sample reads colours by a companion file's [map.palette]";
  editor.saved = snapshot();
}

// A file begun here: its vocabulary grows with each type named on the page (sent with the state).
const SELECTS = { terrain: "terrain-type", hexside: "hexside-feature", lines: "line-type", places: "place-kind" };
function newWord(kind) {
  const name = (window.prompt(`New ${{ lines: "line type", places: "place kind" }[kind] || kind + " type"}:`) || "").trim();
  const v = editor.map.vocabulary;
  if (!name) return;
  if (v[kind].includes(name)) { status(`${name} is named already`, true); $(SELECTS[kind]).value = name; return; }
  if (!oneLine(name)) return;
  clearError();
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
function oneLine(name) {
  if (!/[\x00-\x1f\x7f]/.test(name)) return true;
  status("a name cannot hold a line break or another control character", true);
  return false;
}

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
  for (const hex of Object.values(editor.hexes)) {
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
  clearError();
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
  if (t === "elevation" && level() === null) return;
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
  const taken = (name, except) => {
    const other = places.find((p, i) => i !== except && p.kind === kind && p.name === name);
    if (other) status(`the ${kind} ${name} is at ${other.hex} already: give each ${kind} its own name`, true);
    return !!other || !oneLine(name);
  };
  if (at >= 0) {
    const given = window.prompt(`Rename the ${kind} ${places[at].name} (empty: remove it):`, places[at].name);
    if (given === null || given.trim() === places[at].name || taken(given.trim(), at)) return;
    remember();
    if (given.trim()) places[at].name = given.trim();
    else places.splice(at, 1);
    draw();
    return;
  }
  const name = (window.prompt(`Name of the ${kind} at ${hex.name}:`) || "").trim();
  if (!name || taken(name, -1)) return;
  remember();
  places.push({ name, kind, hex: hex.name });
  draw();
}

// The Elevation box's level: a whole number in the format's range, or null (said in the status).
function level() {
  const text = $("elevation-level").value.trim();
  const value = Number(text);
  if (/^-?\d+$/.test(text) && Math.abs(value) <= MAX_ELEVATION) return value;
  status(`elevation ${JSON.stringify(text)}: give a whole number from ${-MAX_ELEVATION} to ${MAX_ELEVATION}`, true);
  return null;
}

function paint(hex) {
  const t = editor.stroke.tool;
  if (t === "terrain") {
    editor.state.terrain[hex.name] = $("terrain-type").value;
    editor.guessed.delete(hex.name);
  } else if (t === "elevation") {
    editor.state.elevation[hex.name] = level();
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
    const colour = typeColour(SIDE_COLOURS, v.hexside, s.feature);
    el("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: "casing", "stroke-width": 8 }, L.sides);
    el("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: colour, "stroke-width": 5, class: "side",
                 "data-side": s.side, "data-feature": s.feature }, L.sides);
    if (s.high && editor.hexes[s.high]) highMark(p, q, editor.hexes[s.high].centre, colour, s.side);
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

// A type's colour: its place in the vocabulary's list picks one of `colours`.
function typeColour(colours, names, type) {
  const i = (names || []).indexOf(type);
  return colours[(i < 0 ? names.length : i) % colours.length];
}

// The high side of a slope: a triangle on the side, pointing into the high hex.
function highMark(p, q, high, colour, side) {
  const mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2], half = [(q[0] - p[0]) / 5, (q[1] - p[1]) / 5];
  const tip = [mid[0] + (high[0] - mid[0]) * 0.35, mid[1] + (high[1] - mid[1]) * 0.35];
  el("polygon", { points: [[mid[0] - half[0], mid[1] - half[1]], [mid[0] + half[0], mid[1] + half[1]], tip]
                    .map((c) => c.join(",")).join(" "), fill: colour, class: "high-side", "data-high": side },
     editor.layers.sides);
}

// A line over a white casing, both in a group; returns the coloured line.
function route(hexes, type, parent) {
  const colour = typeColour(LINE_COLOURS, editor.map.vocabulary.lines, type);
  const pts = hexes.filter((h) => editor.hexes[h]).map((h) => editor.hexes[h].centre.join(",")).join(" ");
  const g = el("g", { class: "route-group" }, parent);
  el("polyline", { points: pts, class: "casing", "stroke-width": 8 }, g);
  return el("polyline", { points: pts, stroke: colour, "stroke-width": 4, class: "route", "data-line": type }, g);
}

function drawStroke() {
  const old = document.getElementById("stroke");
  if (old) old.remove();
  const s = editor.stroke;
  if (s && s.tool === "line") route(s.hexes, $("line-type").value, editor.layers.routes).parentNode.id = "stroke";
}

// --- the server ---
async function loadGuesses() {
  const answer = await ask("/api/guesses");
  if (!answer) return;
  const [response, body] = answer;
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
  if (!response.ok) {
    status(body.error, true);
    (body.hexes || []).forEach((h) => editor.hexes[h] && editor.hexes[h].element.classList.add("flagged"));
    return;
  }
  clearError();
  if (body.reopened) { await reopen(); }
  editor.saved = snapshot();
  status(`saved ${body.path}` + (body.problems.length ? ": terrain check found a problem" : ": terrain check passes") +
         (body.notes || []).map((n) => `; ${n}`).join("") +
         (body.reopened ? `; the editor now works from ${body.path} (a reload shows it; the next Save writes ${editor.map.saves_to})` : ""));
  $("status").dataset.path = body.path;
  for (const p of body.problems) {
    const li = document.createElement("li");
    li.textContent = p.message;
    li.addEventListener("click", () => p.hexes.forEach((h) => editor.hexes[h].element.classList.add("flagged")));
    list.appendChild(li);
    p.hexes.forEach((h) => editor.hexes[h] && editor.hexes[h].element.classList.add("flagged"));
  }
}

// GET `url`, or POST `request` as JSON: [response, body], or null when the server gave no answer or
// one that is not JSON (a failure of the server itself), said in the status.
async function ask(url, request) {
  let response;
  try {
    response = await fetch(url, request === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
  } catch (e) {
    status(`${url}: no answer from the editor's server (is \`adjutant edit\` still running?): ${e.message}`, true);
    return null;
  }
  try {
    return [response, await response.json()];
  } catch (e) {
    status(`${url}: the editor's server failed (HTTP ${response.status}): see its terminal`, true);
    return null;
  }
}

function status(text, bad) {
  $("status").textContent = text;
  $("status").style.color = bad ? "#a00" : "#060";
  $("status").classList.toggle("bad", !!bad);
}
// A red message, in the status line or the live result, goes once the next action succeeds.
function clearError() {
  if ($("status").classList.contains("bad")) status("");
  const box = $("live-result");
  if (box.classList.contains("bad")) { box.innerHTML = ""; box.classList.remove("bad"); }
}

$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("save").addEventListener("click", save);
$("guesses").addEventListener("click", loadGuesses);
$("zoom").addEventListener("change", zoom);
window.addEventListener("beforeunload", (e) => {
  if (editor.saved === null || snapshot() === editor.saved) return;
  e.preventDefault();
  e.returnValue = "";   // the browser asks whether to leave: the strokes since the last Save are only here
});
window.addEventListener("resize", zoom);
document.addEventListener("keydown", (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); e.shiftKey ? redo() : undo(); }
  if ((e.ctrlKey || e.metaKey) && e.key === "y") { e.preventDefault(); redo(); }
});
load();
