// Run in a page by test_small_screens.py: what does not suit a phone, as sentences. The
// page fits the window's width; every place to tap is at least 24 by 24 px (but links
// in running text, as WCAG allows). Where there is a board: it fits the width too
// (neither it nor its box scrolls sideways), no text in it is under 11 CSS px, and no two
// of its texts overlap.
() => {
  const TAP = 24;
  const SMALLEST_TEXT = 11;
  // Boxes are laid out at fractions of a pixel: a hair's breadth is no fault.
  const HAIR = 0.02;
  const problems = [];
  const width = document.documentElement.clientWidth;
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  // A link in a sentence (text beside it in its paragraph) may be as small as its text.
  const inRunningText = (el) => {
    if (el.tagName !== "A" || el.closest("svg")) return false;
    const block = el.parentElement.closest("p, li, td, th, dd, h1, h2, h3");
    if (!block) return false;
    // Words of the block that are no link or button: a sentence round the link.
    const words = [...block.querySelectorAll("a, button")].reduce((text, control) => text.replace(control.textContent, ""), block.textContent);
    return words.trim() !== "";
  };
  const name = (el) => el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40) || el.tagName;
  if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width} px`);
  const holder = document.getElementById("board");
  const board = holder?.querySelector("svg.board") ?? null;
  const taps = [
    ...(board ? board.querySelectorAll(".clickable") : []),
    ...document.querySelectorAll("a[href], button, input, select, summary, textarea"),
  ].filter((el) => visible(el) && !inRunningText(el));
  for (const place of taps) {
    const box = place.getBoundingClientRect();
    if (Math.min(box.width, box.height) < TAP - HAIR) problems.push(`"${name(place)}" is ${box.width.toFixed(1)} x ${box.height.toFixed(1)} px`);
  }
  if (!board) return problems;
  if (holder.scrollWidth > holder.clientWidth) problems.push(`the board scrolls: ${holder.scrollWidth} px in a box of ${holder.clientWidth} px`);
  const frame = board.getBoundingClientRect();
  if (frame.left < -HAIR || frame.right > width + HAIR) problems.push(`the board spans ${frame.left}..${frame.right} px of ${width}`);
  const texts = [...board.querySelectorAll("text")].filter((el) => el.textContent.trim() && visible(el));
  for (const text of texts) {
    const matrix = text.getScreenCTM();
    const px = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(matrix.a, matrix.b);
    if (px < SMALLEST_TEXT - HAIR) problems.push(`text "${text.textContent}" is ${px.toFixed(1)} px`);
  }
  // What a moment shows lies over the board on purpose: it is measured on its own.
  const labels = texts.filter((el) => !el.closest(".reveal")).map((el) => [el, el.getBoundingClientRect()]);
  for (let i = 0; i < labels.length; i += 1) {
    for (let j = i + 1; j < labels.length; j += 1) {
      const [a, boxA] = labels[i];
      const [b, boxB] = labels[j];
      const across = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left);
      const down = Math.min(boxA.bottom, boxB.bottom) - Math.max(boxA.top, boxB.top);
      if (across > 1 && down > 1) problems.push(`"${a.textContent}" and "${b.textContent}" overlap`);
    }
  }
  return problems;
}
