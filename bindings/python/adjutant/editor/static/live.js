// The live view: reach, path and line of sight of the edited state, computed by the server
// (POST /api/reach, /api/path, /api/sight) and drawn over the board in the "live" layer.
"use strict";
const live = { from: null };

async function liveClick(hex) {
  const mode = $("live-mode").value;
  if (mode !== "sight" && !$("live-class").value) {
    showLive(`${mode} needs a unit class: the companion file has no [movement] classes ` +
             "(docs/companion-format.md, [movement])", [], true);
    return;
  }
  const mp = $("live-mp").value.trim();
  if (mode !== "sight" && !(mpValue(mp) > 0)) {
    showLive(`MP ${JSON.stringify(mp)}: give a positive number of MP (such as 6, 6 1/2 or 1/2)`, [], true);
    return;
  }
  if (mode !== "reach" && live.from === null) {
    live.from = hex.name;
    showLive(`${mode} from ${hex.name}: click the hex to go to`, []);
    return;
  }
  const request = { state: sent(), class: $("live-class").value, mp,
                    from: mode === "reach" ? hex.name : live.from, to: hex.name };
  live.from = null;
  const answer = await ask(`/api/${mode}`, request);
  editor.layers.live.innerHTML = "";
  if (!answer) return;
  const [response, body] = answer;
  if (!response.ok) { showLive(body.error, [], true); return; }
  clearError();
  ({ reach: drawReach, path: drawPath, sight: drawSight })[mode](body);
}

// MP as players write them ("6", "6 1/2", "1/2", "6.5"): their value, or NaN.
function mpValue(text) {
  let m;
  if ((m = /^(\d+) (\d+)\/(\d+)$/.exec(text))) return +m[3] ? +m[1] + m[2] / m[3] : NaN;
  if ((m = /^(\d+)\/(\d+)$/.exec(text))) return +m[2] ? m[1] / m[2] : NaN;
  return /^(\d+|\d*\.\d+)$/.test(text) ? Number(text) : NaN;
}

function drawReach(body) {
  const g = editor.layers.live;
  for (const [name, at] of Object.entries(body.hexes)) {
    const hex = editor.hexes[name];
    if (!hex) continue;
    el("polygon", { points: hex.element.getAttribute("points"), class: "reach", "data-reach": name }, g);
    el("text", { x: hex.centre[0], y: hex.centre[1] + 12, class: "left", "data-hex": name }, g).textContent = at.left;
  }
  const count = Object.keys(body.hexes).length;
  showLive(`${body.class} from ${body.from} with ${body.mp} MP reaches ${count} ${count === 1 ? "hex" : "hexes"} ` +
           "(the number in each: MP left)", []);
}

function drawPath(body) {
  route(body.hexes, "", editor.layers.live).classList.add("live-path");
  showLive(`path ${body.hexes.join(" ")}: ${body.total} MP` + (body.legal ? "" : ` (${body.reason})`),
           body.steps.map((s) => `${s.from} → ${s.to}: ${s.cost} (spent ${s.spent})${s.problem ? " " + s.problem : ""}`));
}

function drawSight(body) {
  route(body.hexes, "", editor.layers.live).classList.add("live-sight", body.sight);
  if (body.blocked_at) {
    el("polygon", { points: editor.hexes[body.blocked_at].element.getAttribute("points"), class: "blocking" },
       editor.layers.live);
  }
  showLive(`${body.from} → ${body.to}: ${body.sight}`, body.clause ? [body.clause] : []);
}

function showLive(text, details, bad) {
  const box = $("live-result");
  box.innerHTML = "";
  box.classList.toggle("bad", !!bad);
  const p = document.createElement("p");
  p.textContent = text;
  p.style.color = bad ? "#a00" : "";
  box.appendChild(p);
  for (const d of details) {
    const line = document.createElement("div");
    line.textContent = d;
    box.appendChild(line);
  }
}
