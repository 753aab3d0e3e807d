// The lobby: open a table of any served game, then go to its seat.
"use strict";
let games = {};

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function chosenGame() { return document.querySelector("input[name=game]:checked").value; }

function seatCount() {
  if (chosenGame() === "euchre") return 4;
  return document.querySelector("#variants input[value=poule]:checked") ? 3 : 2;
}

function renderSeats() {
  const box = document.getElementById("seats");
  box.replaceChildren(el("legend", {}, "Seats"));
  const bots = games[chosenGame()].bots;
  for (let i = 0; i < seatCount(); i++) {
    const id = `seat-${i}`;
    const select = el("select", { id, name: id });
    select.appendChild(el("option", { value: "human" }, "you (human)"));
    for (const b of bots) select.appendChild(el("option", { value: b }, `bot: ${b}`));
    if (i > 0) select.value = bots.includes("heuristic") ? "heuristic" : bots[0];
    const p = el("p");
    p.append(el("label", { for: id }, `Seat ${i} `), select);
    box.appendChild(p);
  }
}

function renderGame() {
  const g = games[chosenGame()];
  const rules = document.getElementById("rules");
  rules.replaceChildren(...g.rules.map((r) => el("option", { value: r }, r)));
  const box = document.getElementById("variants");
  box.replaceChildren(el("legend", {}, "Variants"));
  const names = Object.keys(g.variants);
  if (!names.length) box.appendChild(el("p", {}, "none"));
  for (const name of names) {
    const input = el("input", { type: "checkbox", value: name, id: `v-${name}` });
    input.addEventListener("change", renderSeats);
    const label = el("label", { for: `v-${name}`, title: g.variants[name] }, ` ${name}`);
    box.append(input, label);
  }
  renderSeats();
}

async function create(event) {
  event.preventDefault();
  // one table per click: a second click (a double click) before the answer opens none
  const start = document.getElementById("start");
  if (start.disabled) return;
  start.disabled = true;
  let leaving = false;
  try {
    leaving = await openTable();
  } finally {
    start.disabled = leaving;  // (until the seat's page comes)
  }
}

// back from the seat's page (the page kept as it was): the form works again
addEventListener("pageshow", (e) => {
  if (e.persisted && Object.keys(games).length) document.getElementById("start").disabled = false;
});

async function openTable() {
  const spec = { game: chosenGame(), rules: document.getElementById("rules").value };
  spec.variants = [...document.querySelectorAll("#variants input:checked")].map((i) => i.value);
  spec.seats = [];
  for (let i = 0; i < seatCount(); i++) {
    const v = document.getElementById(`seat-${i}`).value;
    spec.seats.push(v === "human" ? { kind: "human" } : { kind: "bot", bot: v });
  }
  const clock = document.getElementById("clock").value;
  if (clock) spec.turn_seconds = Number(clock);
  const links = document.getElementById("links");
  let r, answer;
  try {
    r = await fetch("/api/tables", { method: "POST", body: JSON.stringify(spec),
      headers: { "content-type": "application/json" } });
    answer = await r.json();
  } catch (e) {
    links.textContent = `The server did not answer (${e.message}): try again.`;
    return false;
  }
  if (!r.ok) { links.textContent = `Refused: ${answer.message}`; return false; }
  const humans = answer.seats.filter((s) => s.token);
  const url = (s) => `/static/table.html#t=${answer.table}` + (s ? `&k=${s.token}` : "");
  if (humans.length === 1) { location.href = url(humans[0]); return true; }
  links.replaceChildren(el("p", {}, "Each link is a seat's secret: give it to that player only."));
  for (const s of humans) links.appendChild(el("a", { href: url(s), target: "_blank" }, `Seat ${s.seat}`));
  links.appendChild(el("a", { href: url(null), target: "_blank" }, "Watch (spectator)"));
  return false;
}

async function start() {
  try {
    const r = await fetch("/api/games");
    if (!r.ok) throw new Error(`status ${r.status}`);
    games = await r.json();
  } catch (e) {
    // (the server restarting, say): asked again in a while
    document.getElementById("links").textContent =
      `The server did not answer (${e.message}): asking again…`;
    setTimeout(start, 2000);
    return;
  }
  document.getElementById("links").textContent = "";
  for (const input of document.querySelectorAll("input[name=game]")) input.addEventListener("change", renderGame);
  document.getElementById("create").addEventListener("submit", create);
  renderGame();
  // the form works once the games are known: a click before would submit it to the page
  document.getElementById("start").disabled = false;
}
start();
