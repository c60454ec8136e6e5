// Building HTML elements: attributes, text (always as text, never as markup) and children.

/** ``el("a", {href, text}, child...)``: ``text`` sets textContent; true sets an empty
 * attribute; false, null and undefined leave it out. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children);
  return node;
}
