// A seat (or a spectator) at a table: the server's view of the seat, drawn; every choice
// is a button (cards too), keyboard and screen-reader ready; a reload reconnects.
"use strict";
const params = new URLSearchParams(location.hash.slice(1));
const tableId = params.get("t");
const token = params.get("k");
const key = `ecarte:${tableId}:${token ? token.slice(0, 10) : "watch"}`;
const saved = JSON.parse(localStorage.getItem(key) || "{}");
let lastEvent = saved.lastEvent ?? null;
let seq = saved.seq || 0;
let game = null;
let view = null;
let ws = null;
let selected = new Set();
let stop = false;
let waiting = null;  // the seq of the action sent and not answered yet: none other goes
let sent = null;  // that message (an action or a bet)
let deadline = null;  // when the turn clock of the seat to act runs out (Unix time)
let me = null;  // this page's seat (null: a spectator or a backer)
let role = null;  // "player", "spectator" or "backer" (a club's gallery: it bets)
// the server closes a connection silent for its idle time (the welcome's idle: 300 s by
// default): a ping now and then, a third of it at most, keeps an idle player's open
const PING_EVERY_MS = 25000;
let pinging = null;  // [the ping timer, its period in ms]

function pingEvery(idleSeconds) {
  const ms = Math.max(1000, Math.min(PING_EVERY_MS, (idleSeconds ?? 300) * 1000 / 3));
  if (pinging && pinging[1] === ms) return;
  if (pinging) clearInterval(pinging[0]);
  pinging = [setInterval(ping, ms), ms];
}

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function remember() { localStorage.setItem(key, JSON.stringify({ lastEvent, seq })); }

function status(text) { $("status").textContent = text; }

function log(text, live) {
  const item = el("li", {}, text);
  $("log").appendChild(item);
  item.scrollIntoView({ block: "nearest" });
  if (live) {
    // read out as it happens (the events a welcome replays are shown, not read out)
    const said = $("said");
    said.appendChild(el("p", {}, text));
    while (said.childElementCount > 8) said.firstElementChild.remove();
  }
}

function seatName(s) {
  if (s === null || s === undefined) return "the table";
  return s === me ? `you (seat ${s})` : `seat ${s}`;
}

// an event as the log says it: the same whether it comes live or replayed by a welcome
function logEvent(e, live) {
  if (e.kind === "bet") { log(e.text, live); return; }  // (it names who stakes)
  const late = e.kind === "timeout" ? " (the turn clock ran out: a bot played for the seat)" : "";
  log(`${seatName(e.actor)}${late}: ${e.text}`, live);
}

function ping() {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
}

// a lost connection is tried again after 1 s, then after twice as long each time it
// fails, up to 30 s; a welcome starts again from 1 s
const RETRY_MAX_MS = 30000;
let retryMs = 1000;

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/${tableId}`);
  // (a page opened for the first time asks for the events since the first: its log
  // tells what happened before, as far as the server replays)
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token, last_event: lastEvent ?? 0 }));
  ws.onmessage = (m) => receive(JSON.parse(m.data));
  ws.onclose = (e) => {
    if (stop) return;
    status(`Disconnected (${e.reason || e.code}): reconnecting in ${retryMs / 1000} s…`);
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);  // (a server down, or full, is not pressed)
  };
}

function receive(msg) {
  if (msg.type === "welcome") {
    game = msg.game;
    seq = Math.max(seq, msg.last_seq);
    waiting = null;  // its view holds the action, if it was taken
    $("title").textContent = `${game === "euchre" ? "Euchre" : "Écarté"}: ` +
      (msg.role === "backer" ? `${msg.name} (backer)` : msg.seat === null ? "watching" : `seat ${msg.seat}`);
    $("fair").textContent = `Seed commitment (SHA-256): ${msg.commitment}`;
    me = msg.seat;
    role = msg.role;
    for (const e of msg.missed) logEvent(e);
    lastEvent = msg.event;
    deadline = msg.deadline ?? null;
    pingEvery(msg.idle);
    retryMs = 1000;
    render(msg.view);
  } else if (msg.type === "event") {
    lastEvent = msg.n;
    if (msg.ack === waiting) waiting = null;
    // the seat's action from another window (or device) took the next number
    if (me !== null && msg.actor === me && (msg.kind === "act" || msg.kind === "bet") &&
      msg.ack == null) seq += 1;
    logEvent(msg, true);
    if (msg.patch) deadline = msg.deadline ?? null;  // (the last event of a batch says it)
    if (msg.patch && view) render(Object.assign({}, view, msg.patch));  // what changed
  } else if (msg.type === "ack") {
    if (msg.seq === waiting) {
      waiting = null;
      if (msg.duplicate) send(sent);  // its number was another window's action: a new one
    }
  } else if (msg.type === "error" && msg.code === "replayed" && msg.seq === waiting) {
    waiting = null;
    send(sent);  // (as above: the number was taken)
  } else if (msg.type === "error") {
    if (msg.seq == null || msg.seq === waiting) waiting = null;
    status(`Refused: ${msg.message}`);
    if (msg.code === "bad-token" || msg.code === "unknown-table") stop = true;
  } else if (msg.type === "reveal") {
    $("fair").textContent = `The seed was ${msg.seed} (nonce ${msg.nonce}); its SHA-256 ` +
      `commitment ${msg.commitment} was published when the table opened. ` +
      `Check it: ecarte verify on /api/tables/${msg.table}/record.`;
  }
  remember();
}

function act(id) {
  // a second click (or a held key) before the answer would play again on the next turn
  if (waiting !== null || !ws || ws.readyState !== WebSocket.OPEN) return;
  selected = new Set();
  send({ type: "act", id });
}

function bet(e) {
  e.preventDefault();
  if (waiting !== null || !ws || ws.readyState !== WebSocket.OPEN) return;
  send({ type: "bet", player: $("bet-player").value, amount: Number($("bet-amount").value),
    game: Number($("bet-game").value) });
}

function send(message) {  // an action (or a bet), numbered
  seq += 1;
  waiting = seq;
  sent = message;
  remember();
  ws.send(JSON.stringify(Object.assign({ type: message.type, seq }, message)));
}

function showClock() {
  const left = deadline === null || !view || view.over ? null :
    Math.max(0, Math.ceil(deadline - Date.now() / 1000));
  $("clock").textContent = left === null ? "" :
    `Turn clock: ${left} s left for ${view.to_act === view.seat ? "you" : seatName(view.to_act)}`;
}

function cardButton(text, opts = {}) {
  const b = el("button", { type: "button", class: "card", "data-card": text });
  b.appendChild(cardSVG(text));
  let label = cardName(text);
  if (opts.id !== undefined) {
    b.dataset.legal = opts.id;
    label += discarding(view) ? ", to discard" : ", playable";
    b.addEventListener("click", () => act(opts.id));
  } else if (opts.select) {
    b.dataset.select = text;
    if (selected.has(text)) { b.classList.add("selected"); label += ", selected to discard"; }
    b.setAttribute("aria-pressed", selected.has(text) ? "true" : "false");
    b.addEventListener("click", () => {
      if (selected.has(text)) selected.delete(text); else selected.add(text);
      render(view);
      const again = document.querySelector(`#hand [data-select="${text}"]`);
      if (again) again.focus();
    });
  } else {
    b.disabled = !opts.shown;
  }
  b.setAttribute("aria-label", label);
  return b;
}

function shownCard(text, caption) {
  const box = el("div", { class: "played", role: "img", "aria-label": `${caption}: ${cardName(text)}` });
  box.appendChild(cardSVG(text));
  box.appendChild(el("div", { "aria-hidden": "true" }, caption));
  return box;
}

function actionButton(entry, number) {
  const b = el("button", { type: "button", "data-legal": entry.id,
    "aria-keyshortcuts": number <= 9 ? String(number) : "" }, `${number <= 9 ? number + " " : ""}${entry.text}`);
  b.addEventListener("click", () => act(entry.id));
  return b;
}

// at Euchre the partner of a seat that plays alone sits the deal out
const sitsOut = (v, s) => v.alone.includes((s + 2) % 4) && !v.alone.includes(s);
const discarding = (v) => (v.legal || []).length > 0 && v.legal.every((a) => a.text.startsWith("discard"));
const discardCards = (text) => text.split(/\s+/).slice(1).filter(Boolean).sort().join(" ");

function render(v) {
  // the focus stays on its card (or choice) as the table is drawn again
  const had = document.activeElement;
  const box = had && had.closest ? had.closest("#hand, #actions") : null;
  const back = !box ? null
    : had.dataset.card ? `#hand [data-card="${had.dataset.card}"]`
    : had.id ? `#${had.id}`
    : had.dataset.legal !== undefined ? `#actions [data-legal="${had.dataset.legal}"]` : null;
  const at = box ? [...box.querySelectorAll("button")].indexOf(had) : -1;
  view = v;
  Object.assign(document.body.dataset, { phase: v.phase, over: v.over, event: lastEvent,
    hand: game === "euchre" ? v.scores.join("-") : v.hand_number });
  const mine = new Set(v.hand);
  const legal = v.legal || [];
  const plays = new Map();
  const discards = new Map();
  const others = [];
  const exchange = discarding(v);
  // a card chosen that left the hand (discarded for the seat by the turn clock's bot, or
  // from another window) is no longer chosen: it would hold the Discard button disabled
  for (const c of selected) if (!exchange || !mine.has(c)) selected.delete(c);
  for (const a of legal) {
    if (mine.has(a.text)) plays.set(a.text, a.id);
    else if (game === "euchre" && a.text.startsWith("discard ")) plays.set(a.text.slice(8), a.id);
    else if (exchange) discards.set(discardCards(a.text), a.id);
    else others.push(a);
  }
  // the seats
  const seats = $("seats");
  seats.replaceChildren();
  const count = game === "euchre" ? 4 : v.players;
  for (let s = 0; s < count; s++) {
    const box = el("div", { class: "seat" + (v.to_act === s ? " to-act" : "") });
    const facts = [seatName(s)];
    if (v.dealer === s) facts.push("dealer");
    if (game === "ecarte") {
      if (v.elder === s) facts.push("elder");
      if (!v.game_players.includes(s)) facts.push("waiting");
      facts.push(`points ${v.scores[s]}`, `games ${v.games_won[s]}`, `tricks ${v.tricks_won[s]}`);
      if (v.kings_announced.includes(s)) facts.push("king");
    } else {
      facts.push(`side ${s % 2 === 0 ? "0 & 2" : "1 & 3"}`);
      if (v.maker === s) facts.push("maker");
      if (v.alone.includes(s)) facts.push("alone");
      if (sitsOut(v, s)) facts.push("sits out");
      if (v.dealer === s && v.declined) facts.push("declined the card");
      const bids = v.bids.filter((b) => b.seat === s).map((b) => b.bid);
      if (bids.length) facts.push(`bids: ${bids.join(", ")}`);
    }
    if (v.to_act === s) facts.push("to act");
    box.appendChild(el("div", {}, facts.join(" · ")));
    seats.appendChild(box);
  }
  // the centre: the turn-up (up-card), the trick
  const up = game === "euchre" ? v.upcard : v.turnup;
  $("turnup").replaceChildren();
  if (up && !(game === "euchre" && v.phase === "play")) {
    // (at Euchre a card passed by all four, or declined by the dealer, is turned down)
    const down = game === "euchre" && (v.declined || v.phase === "bid2" ||
      (v.bids.length >= 4 && v.bids.slice(0, 4).every((b) => b.bid === "pass")));
    $("turnup").appendChild(shownCard(up, game === "euchre" ? (down ? "turned down" : "up-card") : "turn-up"));
  }
  if (v.trump) $("turnup").appendChild(el("div", {}, `trumps ${v.trump}`));
  if (game === "ecarte" && v.stock_size) $("turnup").appendChild(el("div", {}, `stock ${v.stock_size}`));
  $("trick").replaceChildren(...v.trick.map((p) => shownCard(p.card, seatName(p.seat))));
  // the hand and the choices
  $("hand-title").textContent = v.seat === null ? (role === "backer" ? "Backing" : "Watching") : "Your hand";
  const hand = $("hand");
  // (the Euchre dealer's discard: the up-card taken is one of the cards that may go)
  const held = [...v.hand, ...[...plays.keys()].filter((c) => !mine.has(c))];
  hand.replaceChildren(...held.map((c) =>
    cardButton(c, plays.has(c) ? { id: plays.get(c) } : { select: exchange && !!discards.size, shown: true })));
  const actions = $("actions");
  actions.replaceChildren(...others.map((a, i) => actionButton(a, i + 1)));
  if (exchange && discards.size) {
    const chosen = [...selected].sort().join(" ");
    const id = discards.get(chosen);
    const b = el("button", { type: "button", id: "discard" },
      selected.size ? `Discard ${[...selected].join(" ")}` : "Discard nothing");
    if (id === undefined) b.disabled = true;
    else { b.dataset.legal = id; b.addEventListener("click", () => act(id)); }
    actions.appendChild(b);
    actions.appendChild(el("p", {}, "Choose the cards to discard, then Discard."));
  }
  // the side
  renderScores(v);
  const finished = v.tricks.map((t, i) => `${i + 1}. ` + t.map((p) => `${p.card} (${seatName(p.seat)})`).join(", "));
  $("tricks").replaceChildren(...finished.map((t) => el("div", {}, t)));
  $("describe").replaceChildren(...(v.describe || []).map((line) => el("p", {}, line)));
  if (v.over) {
    const points = (n) => `${n} point${n === 1 ? "" : "s"}`;
    const who = v.forfeit !== null ? `${seatName(v.forfeit)} forfeited` :
      v.winner !== null ? (game === "euchre" ? `side ${v.winner === 0 ? "0 & 2" : "1 & 3"} wins` : `${seatName(v.winner)} wins`) :
      // (no winner of the match: one deal played, the points it made)
      game === "euchre" ? `side 0 & 2 ${points(v.scores[0])}, side 1 & 3 ${points(v.scores[1])}` :
      v.scores.map((p, s) => `${seatName(s)} ${points(p)}`).join(", ");
    status(`The match is over: ${who}.`);
    $("status").classList.add("over");
  } else if (game === "euchre" && v.seat !== null && sitsOut(v, v.seat)) {
    status(`You sit out this deal: your partner plays alone (${v.to_act === null ? "waiting" : seatName(v.to_act) + " to act"}).`);
  } else if (v.seat !== null && v.to_act === v.seat) {
    status(`Your turn (${v.phase}).`);
  } else {
    status(`${v.to_act === null ? "Waiting" : seatName(v.to_act) + " to act"} (${v.phase}).`);
  }
  renderBets(v);
  showClock();
  const again = back && document.querySelector(back);
  if (again) again.focus();
  else if (box) {
    // its card was played (or its choice made): the focus goes to the one in its place,
    // else to the other choices, else to the hand itself, not back to the top of the page
    const near = (b) => [...b.querySelectorAll("button:not(:disabled)")];
    const here = near(box);
    const next = here[Math.min(Math.max(at, 0), here.length - 1)] ||
      near(box.id === "hand" ? $("actions") : $("hand"))[0] || $("hand");
    next.focus();
  }
}

// A club (cercle) table's bets: the view's club says who sits at each seat and which
// games' books are open. A backer stakes on either player, a player covers themselves.
function clubFacts(v) {
  const seated = new Map();
  (v.club ? v.club.seated : []).forEach((name, seat) => { if (name !== null) seated.set(seat, name); });
  return { seated, open: v.club ? v.club.open.map(String) : [] };
}

function setOptions(select, values) {
  // the same choices: left as they are (a choice being made is not undone)
  const now = [...select.options].map((o) => o.value);
  if (now.length === values.length && now.every((x, i) => x === values[i])) return;
  const chosen = select.value;
  select.replaceChildren(...values.map((x) => el("option", { value: x }, select.id === "bet-game" ? `game ${x}` : x)));
  if (values.includes(chosen)) select.value = chosen;
}

function renderBets(v) {
  const { seated, open } = clubFacts(v);
  const on = role === "backer" ? [...seated.keys()].sort().map((s) => seated.get(s))
    : me !== null && seated.has(me) ? [seated.get(me)] : [];
  const box = $("bets");
  box.hidden = v.over || !on.length || !open.length;
  if (box.hidden) return;
  setOptions($("bet-player"), on);
  setOptions($("bet-game"), open);
}

function renderScores(v) {
  const t = el("table", { class: "scores" });
  const head = el("tr");
  if (game === "euchre") {
    head.append(el("th", {}, "side"), el("th", {}, "points"), el("th", {}, "tricks"));
    t.appendChild(head);
    for (const side of [0, 1]) {
      const r = el("tr");
      r.append(el("td", {}, side === 0 ? "0 & 2" : "1 & 3"), el("td", {}, String(v.scores[side])),
        el("td", {}, String(v.tricks_won[side])));
      t.appendChild(r);
    }
    t.appendChild(el("caption", {}, `game to ${v.target} (${v.rules})`));
  } else {
    head.append(el("th", {}, "seat"), el("th", {}, "points"), el("th", {}, "games"));
    t.appendChild(head);
    v.scores.forEach((score, s) => {
      const r = el("tr");
      r.append(el("td", {}, seatName(s)), el("td", {}, String(score)), el("td", {}, String(v.games_won[s])));
      t.appendChild(r);
    });
    t.appendChild(el("caption", {}, `game ${v.game_number}, hand ${v.hand_number}` +
      (v.variants.length ? ` (${v.variants.join(", ")})` : "")));
  }
  $("scores").replaceChildren(t);
}

document.addEventListener("keydown", (e) => {
  // (a form's fields keep their keys: digits typed, a choice moved with the arrows)
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (e.ctrlKey || e.altKey || e.metaKey) return;  // (the browser's shortcuts: Ctrl+1 a tab)
  if (/^[1-9]$/.test(e.key)) {
    if (e.repeat) return;  // a key held down chooses once
    const b = $("actions").querySelectorAll("button")[Number(e.key) - 1];
    if (b && !b.disabled) { b.click(); e.preventDefault(); }
  } else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    const cards = [...$("hand").querySelectorAll("button:not(:disabled)")];
    if (!cards.length) return;
    const at = cards.indexOf(document.activeElement);
    const next = at < 0 ? 0 : (at + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length;
    cards[next].focus();
    e.preventDefault();
  }
});

$("bet").addEventListener("submit", bet);
// another table (or seat) in the address after '#': the browser keeps the page, which
// would stay at the table it opened
addEventListener("hashchange", () => location.reload());

if (!tableId) status("No table: open one from the lobby (/).");
else { connect(); setInterval(showClock, 500); pingEvery(null); }
