// Run in a page by catalogue.py: the strings the page shows that are neither a text of
// its catalogue (in the page's language) nor plain data. See catalogue.py.
async ({skip, free}) => {
  const { catalogue } = await import("/js/i18n.js");
  const lang = document.documentElement.lang;
  const clean = (text) => String(text).replace(/\s+/g, " ").trim();
  const entries = [...new Set(Object.values(catalogue(lang)).map(clean))];
  const exact = new Set(entries.filter((text) => !/\{\w+\}/.test(text)));
  const templates = entries.filter((text) => /\{\w+\}/.test(text)).map((text) => text.split(/(\{\w+\})/));
  const freePlaces = new Set(free);
  // Data, not words: no letters at all, a field name, a column letter, a rule number, a link.
  const data = (text) => !/\p{L}/u.test(text) || /^[a-q]\d{0,2}$/.test(text) || /^[A-Z]{3}-\d+$/.test(text) || /^https?:\/\//.test(text);
  const known = new Map();
  function fits(parts, text, depth) {
    if (!text.startsWith(parts[0])) return false;
    const from = (i, pos) => {
      if (i >= parts.length) return pos === text.length;
      const place = parts[i].slice(1, -1);
      const literal = parts[i + 1];
      const filled = (value) => value !== "" && (freePlaces.has(place) || ok(value, depth + 1));
      if (literal === "" && i + 2 >= parts.length) return filled(text.slice(pos));
      for (let at = text.indexOf(literal, pos + 1); at !== -1; at = text.indexOf(literal, at + 1)) {
        if (filled(text.slice(pos, at)) && from(i + 2, at + literal.length)) return true;
        if (literal === "") break;
      }
      return false;
    };
    return from(1, parts[0].length);
  }
  // A list of names ("Red, Blue") is fine when each name is.
  const list = (text, depth) => text.includes(", ") && text.split(", ").every((part) => ok(part, depth + 1));
  function ok(text, depth = 0) {
    if (known.has(text)) return known.get(text);
    const answer = data(text) || exact.has(text) || (depth < 4 && (templates.some((parts) => fits(parts, text, depth)) || list(text, depth)));
    if (depth === 0) known.set(text, answer);
    return answer;
  }
  // The title, and the messages a test kept (window.messagesShown) that the page has cleared since.
  const shown = [document.title, ...(window.messagesShown ?? [])];
  for (const el of document.body.querySelectorAll("*")) {
    if (skip && el.closest(skip)) continue;
    const ownText = [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
    if (el.tagName === "OPTION") shown.push(el.textContent);
    else if (ownText && el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true })) {
      shown.push(el instanceof HTMLElement ? el.innerText : el.textContent);
    }
    for (const attribute of ["aria-label", "placeholder", "title", "alt"]) {
      if (el.hasAttribute(attribute)) shown.push(el.getAttribute(attribute));
    }
  }
  return { lang, strays: [...new Set(shown.map(clean).filter((text) => text && !ok(text)))] };
}
