// Cards drawn in SVG, with their names for screen readers.
"use strict";
const SUITS = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };
const RANKS = { "A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "10": "Ten", "9": "Nine",
  "8": "Eight", "7": "Seven", "6": "Six", "5": "Five", "4": "Four", "3": "Three", "2": "Two" };

function cardParts(text) {
  if (text === "Joker") return { rank: "★", suit: "", red: false };
  const suit = text.slice(-1);
  return { rank: text.slice(0, -1), suit, red: suit === "♥" || suit === "♦" };
}

function cardName(text) {
  if (text === "Joker") return "the Joker";
  const { rank, suit } = cardParts(text);
  return `${RANKS[rank] || rank} of ${SUITS[suit] || suit}`;
}

const SVG = "http://www.w3.org/2000/svg";

function svgEl(name, attrs, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// A face-up card (text "K♠", "10♥", "Joker"), or a card back when text is null.
function cardSVG(text) {
  const svg = svgEl("svg", { viewBox: "0 0 72 104", class: "card", "aria-hidden": "true" });
  svg.appendChild(svgEl("rect", { x: 1, y: 1, width: 70, height: 102, rx: 7,
    fill: text ? "#fff" : "#2d4f9e", stroke: "#333", "stroke-width": 1.5 }));
  if (!text) {
    svg.appendChild(svgEl("rect", { x: 7, y: 7, width: 58, height: 90, rx: 4, fill: "none",
      stroke: "#fff", "stroke-width": 2, "stroke-dasharray": "4 3" }));
    return svg;
  }
  const { rank, suit, red } = cardParts(text);
  const color = red ? "#b3121f" : "#111";
  svg.appendChild(svgEl("text", { x: 6, y: 20, "font-size": 17, "font-weight": 700,
    fill: color, "font-family": "Georgia, serif" }, rank));
  svg.appendChild(svgEl("text", { x: 6, y: 38, "font-size": 16, fill: color }, suit));
  svg.appendChild(svgEl("text", { x: 36, y: 70, "font-size": 36, fill: color,
    "text-anchor": "middle" }, suit || "★"));
  return svg;
}
