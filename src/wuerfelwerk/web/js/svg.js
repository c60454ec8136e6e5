// Small helpers to build SVG without a library.

const SVG_NS = "http://www.w3.org/2000/svg";

// The four game colours (Okabe-Ito, distinguishable with colour blindness), each with a
// shape of its own and the ink that reads on it; Malefiz, Widget and Dimenticato share them.
export const COLOURS = { red: "#d55e00", blue: "#0072b2", green: "#009e73", yellow: "#f0e442" };
export const SHAPES = { red: "circle", blue: "square", green: "triangle", yellow: "diamond" };
export const INK = { red: "#fff", blue: "#fff", green: "#fff", yellow: "#222" };

/** An SVG element with attributes; children may be elements or text. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) el.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    el.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return el;
}

/** Make an SVG element a button reachable by Tab and pressed with Enter or Space. */
export function clickable(el, label, onPress) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.classList.add("clickable");
  el.addEventListener("click", onPress);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onPress();
    }
  });
  return el;
}

/** A figure's shape: seats differ by shape as well as colour (colour-blind players). */
export function seatShape(shape, cx, cy, r, attrs) {
  switch (shape) {
    case "triangle":
      return svg("polygon", { points: `${cx},${cy - r * 1.15} ${cx + r * 1.05},${cy + r * 0.75} ${cx - r * 1.05},${cy + r * 0.75}`, ...attrs });
    case "square":
      return svg("rect", { x: cx - r * 0.88, y: cy - r * 0.88, width: r * 1.76, height: r * 1.76, rx: r * 0.2, ...attrs });
    case "diamond":
      return svg("polygon", { points: `${cx},${cy - r * 1.2} ${cx + r * 1.2},${cy} ${cx},${cy + r * 1.2} ${cx - r * 1.2},${cy}`, ...attrs });
    case "hexagon": {
      const pts = [0, 1, 2, 3, 4, 5].map((i) => {
        const a = (Math.PI / 3) * i;
        return `${cx + r * 1.05 * Math.cos(a)},${cy + r * 1.05 * Math.sin(a)}`;
      });
      return svg("polygon", { points: pts.join(" "), ...attrs });
    }
    default:
      return svg("circle", { cx, cy, r, ...attrs });
  }
}

/** The smallest a place to tap may be, in CSS pixels (WCAG 2.2, target size). */
export const TAP_PX = 24;

/**
 * Never draw the board ``element`` (an SVG with its viewBox set) so small that ``unit``
 * SVG units, its smallest place to tap, fall under TAP_PX: on a narrow screen the board
 * scrolls instead of shrinking further.
 */
export function keepTappable(element, unit) {
  const box = element.viewBox.baseVal;
  element.style.minWidth = `${Math.ceil((box.width * TAP_PX) / unit)}px`;
  element.style.minHeight = `${Math.ceil((box.height * TAP_PX) / unit)}px`;
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The arrow keys move the focus between the places of ``board`` one can choose now (those
 * Tab reaches): to the nearest one in the arrow's direction, or on to the next in order.
 */
export function arrowKeys(board) {
  board.addEventListener("keydown", (event) => {
    const step = ARROWS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    const places = [...board.querySelectorAll(".clickable[tabindex='0']")];
    if (!places.length) return;
    event.preventDefault();
    const from = board.contains(document.activeElement) && document.activeElement !== board ? document.activeElement : null;
    if (!from) {
      places[0].focus();
      return;
    }
    const centre = (el) => {
      const box = el.getBoundingClientRect();
      return [box.left + box.width / 2, box.top + box.height / 2];
    };
    const [x, y] = centre(from);
    let best = null;
    let bestScore = Infinity;
    for (const place of places) {
      if (place === from) continue;
      const [px, py] = centre(place);
      const along = (px - x) * step[0] + (py - y) * step[1];
      if (along <= 0.5) continue;
      // Straight on counts more than off to the side.
      const across = Math.abs((px - x) * step[1]) + Math.abs((py - y) * step[0]);
      const score = along + 2 * across;
      if (score < bestScore) [best, bestScore] = [place, score];
    }
    const at = places.indexOf(from);
    const forward = step[0] + step[1] > 0;
    (best ?? places[(at + (forward ? 1 : places.length - 1)) % places.length]).focus();
  });
}
