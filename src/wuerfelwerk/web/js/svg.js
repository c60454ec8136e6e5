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
  element.style.minWidth = `${Math.ceil((box.width * TAP_PX) / unit) + 1}px`;
  element.style.minHeight = `${Math.ceil((box.height * TAP_PX) / unit) + 1}px`;
}
