// Finds the element for a CSS locator, scrolls it into view when needed and answers where a finger would touch it:
// [x, y, coveredBy] in viewport coordinates, coveredBy naming what lies on top there (null when a touch there acts
// on the element) and, fourth, `true` when a first tap there only shows the element (see `probe`), or null when
// there is no such element. A finger touches what it sees: the element, what it
// holds, or one of its labels (a tap on a label acts on its control, as a hamburger drawn by a label over its
// checkbox). The middle first; when something else lies there, other points of the element's visible part (a link
// whose middle a neighbour covers is touched at its free end). A covered element is scrolled to the middle of the
// screen once more (a sticky header covers only the top) before it counts as covered.
// Where the locator's path no longer leads to an element (the data is laid out elsewhere since: a task that is now
// in another column, a card a sort moved), the one visible element of the same tag that shows the same name
// (`label`, as the snapshot read it) is the one: a person finds it by what it says. None, or two, is no element.
// Needs find.js, element-helpers.js and own-scroll.js.
function findNamed(selector, label) {
  if (!label || selector.includes(' >>> ')) return null;
  const tag = (selector.split('>').pop().trim().match(/^[a-zA-Z][a-zA-Z0-9-]*/) || [null])[0];
  if (!tag) return null;
  const says = n => [n.getAttribute('aria-label'), ownTextOf(n), textOf(n)].some(t => t && clean(t) === label);
  const named = [...document.querySelectorAll(tag)].filter(n => says(n) && isVisible(n));
  const innermost = named.filter(n => !named.some(m => m !== n && n.contains(m)));
  return innermost.length === 1 ? innermost[0] : null;
}
function locate(selector, label) {
  const found = find(selector) || findNamed(selector, label);
  if (!found) return null;
  // A checkbox drawn by its label is touched through the label (`touchSurface`). Not at a point where an element
  // that holds it is topmost: that is a gap beside it (padding, the space between two lines of links), and a touch
  // there goes to whichever neighbour the browser's touch adjustment picks.
  const { e, acts } = touchSurface(found);
  const doc = e.ownerDocument, view = doc.defaultView;
  const name = top => top ? top.tagName.toLowerCase() + (top.getAttribute('id') ? '#' + top.getAttribute('id') : '') + (typeof top.className === 'string' && top.className ? '.' + top.className.trim().split(/\s+/).join('.') : '') : 'nothing';
  const probe = () => {
    const r = e.getBoundingClientRect();
    const root = e.getRootNode().elementFromPoint ? e.getRootNode() : doc;   // inside shadow roots the hit is in the same tree
    const middle = [r.left + r.width / 2, r.top + Math.min(r.height / 2, 20)];
    const first = root.elementFromPoint(middle[0], middle[1]);
    // The middle, then other points of the part inside the viewport, 2 px in from its edges: across first, then up
    // and down.
    const points = [middle];
    const left = Math.max(r.left, 0) + 2, right = Math.min(r.right, view.innerWidth) - 2;
    const top = Math.max(r.top, 0) + 2, bottom = Math.min(r.bottom, view.innerHeight) - 2;
    if (right > left && bottom > top) {
      for (const fy of [0.5, 0.2, 0.8]) for (const fx of [0.1, 0.9, 0.3, 0.7, 0.5]) points.push([left + (right - left) * fx, top + (bottom - top) * fy]);
    }
    const at = p => acts(root.elementFromPoint(p[0], p[1]));
    // A touch is not a point: the browser's touch adjustment gives a tap near another control's edge to that control
    // (two lines of padded inline links overlap). A point whose surroundings are the element too goes first.
    const clear = p => at(p) && [[-4, 0], [4, 0], [0, -4], [0, 4]].every(d => at([p[0] + d[0], p[1] + d[1]]));
    // On a button or link, a point of its own surface goes before one on what it holds: a person taps an icon
    // button on its face, not on the glyph in its middle, and an app listening once for the whole page tells its
    // buttons by the element a click lands on (`e.target === infoButton`), which the glyph is not (a file explorer's
    // info button drawn around an "i" never opened its pane). A button whose label fills it is touched on the label.
    const ownSurface = found.matches('button, a[href], [role="button"], [role="link"], input[type="button"], input[type="submit"]');
    const bare = p => { const top = root.elementFromPoint(p[0], p[1]); return top === e || top === found; };
    const chosen = (ownSurface && points.find(p => clear(p) && bare(p))) || points.find(clear) || points.find(at);
    // A control not shown yet, where what holds it is topmost (a tile whose "Edit" shows once the tile is tapped):
    // a finger taps there to show it (`reveal`), then taps it.
    if (!chosen && first && first !== doc.body && first !== doc.documentElement && first.contains(e) && !isVisible(found)) return [middle[0], middle[1], null, true];
    return chosen ? [chosen[0], chosen[1], null] : [middle[0], middle[1], name(first)];
  };
  // `instant`: under a page's `scroll-behavior: smooth` the element would still be on its way when the finger comes down.
  const p = keepingOwnScroll(() => {
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > view.innerHeight || r.right > view.innerWidth) e.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const p = probe();
    if (p[2] === null) return p;
    e.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    return probe();
  });
  let ox = 0, oy = 0;
  for (let w = view; w.frameElement; w = w.parent) { const f = w.frameElement.getBoundingClientRect(); ox += f.left + w.frameElement.clientLeft; oy += f.top + w.frameElement.clientTop; }
  // Touches land in the visual viewport: on a phone-sized screen the visual viewport can be panned against the
  // layout viewport that element rectangles are in (scrollIntoView does). Both are in CSS pixels (measured: a page
  // zoomed out to 0.43 takes touches at its layout coordinates).
  const vv = window.visualViewport;
  return [p[0] + ox - (vv ? vv.offsetLeft : 0), p[1] + oy - (vv ? vv.offsetTop : 0), p[2]].concat(p[3] ? [true] : []);
}
