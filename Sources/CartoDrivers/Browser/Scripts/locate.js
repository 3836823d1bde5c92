// Finds the element for a CSS locator, scrolls it into view when needed and answers where a finger would touch it:
// [x, y, coveredBy] in viewport coordinates, coveredBy naming what lies on top there (null when the element itself
// would get the touch), or null when there is no such element. A covered element is scrolled to the middle of the
// screen once more (a sticky header covers only the top) before it counts as covered.
// Needs find.js.
function locate(selector) {
  const found = find(selector);
  if (!found) return null;
  // A checkbox drawn by its label is touched through the label.
  const own = found.getBoundingClientRect();
  const drawn = found.labels ? [...found.labels].find(l => { const r = l.getBoundingClientRect(); return r.width > 0 && r.height > 0; }) : null;
  const e = drawn && (own.width < 4 || own.height < 4 || own.right <= 0 || own.left >= found.ownerDocument.defaultView.innerWidth) ? drawn : found;
  const doc = e.ownerDocument, view = doc.defaultView;
  const probe = () => {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 20);
    // Inside shadow roots the hit is the host (or an element of the same tree); inside a frame, offset by it.
    const top = (e.getRootNode().elementFromPoint ? e.getRootNode() : doc).elementFromPoint(x, y);
    const free = top && (top === e || e.contains(top) || top.contains(e) || top === found);
    return [x, y, free ? null : (top ? top.tagName.toLowerCase() + (top.id ? '#' + top.id : '') + (typeof top.className === 'string' && top.className ? '.' + top.className.trim().split(/\s+/).join('.') : '') : 'nothing')];
  };
  let r = e.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > view.innerHeight || r.right > view.innerWidth) e.scrollIntoView({ block: 'center', inline: 'nearest' });
  let p = probe();
  if (p[2] !== null) { e.scrollIntoView({ block: 'center', inline: 'nearest' }); p = probe(); }
  let ox = 0, oy = 0;
  for (let w = view; w.frameElement; w = w.parent) { const f = w.frameElement.getBoundingClientRect(); ox += f.left + w.frameElement.clientLeft; oy += f.top + w.frameElement.clientTop; }
  // Touches land in the visual viewport: on a phone-sized screen the visual viewport can be panned against the
  // layout viewport that element rectangles are in (scrollIntoView does). Both are in CSS pixels (measured: a page
  // zoomed out to 0.43 takes touches at its layout coordinates).
  const vv = window.visualViewport;
  return [p[0] + ox - (vv ? vv.offsetLeft : 0), p[1] + oy - (vv ? vv.offsetTop : 0), p[2]];
}
