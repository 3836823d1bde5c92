// How the browser dialect sees one element: role, visibility, CSS path, label. Shared by the snapshot and the
// recorder (carto record), so recorded targets and replayed snapshots describe elements the same way.
// Declarations only; `c` is the page's instrumentation (instrumentation.js), when installed.
const c = window.__carto;
const textTypes = { email: 'textField', url: 'textField', tel: 'textField', number: 'textField', text: 'textField',
                    password: 'secureTextField', search: 'searchField', date: 'textField', '': 'textField' };
// Elements that are controls by what they are: a tap on one inside another acts on the inner one.
const controlSelector = 'a[href], button, input, select, textarea, [role=button], [role=link], [onclick]';
// The names an element gives itself: its id, test id or name. Read as attributes: a form's controls shadow the form's
// own properties by their names (`<input name="id">` makes `form.id` that input, not a string).
function identifierOf(el) {
  return el.getAttribute('id') || el.getAttribute('data-testid') || el.getAttribute('name') || null;
}
// A property as the platform defines it (`form.action`, resolved against the page), even where a control of a form
// named after it shadows it.
function platformProperty(el, name) {
  for (let p = Object.getPrototypeOf(el); p; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d) return d.get ? d.get.call(el) : d.value;
  }
  return undefined;
}
// An element the page marks as a target of taps by its own pointer cursor, its parent's being another.
function ownPointer(el) {
  const view = el.ownerDocument.defaultView || window;
  return view.getComputedStyle(el).cursor === 'pointer' && !(el.parentElement && view.getComputedStyle(el.parentElement).cursor === 'pointer');
}
// A container the page listens on for taps on behalf of what it holds, drawn without a control of its own: no native
// control inside, no pointer cursor of its own, but elements inside that show one (tiles of a grid, items of a
// menu drawn with divs). A tap is meant for those, not for the container's middle, which may fall between them.
function delegatesToPointers(el) {
  const view = el.ownerDocument.defaultView || window;
  if (view.getComputedStyle(el).cursor === 'pointer' || el.querySelector(controlSelector)) return false;
  const inside = el.getElementsByTagName('*');
  for (let i = 0; i < inside.length && i < 400; i++) if (ownPointer(inside[i])) return true;
  return false;
}
// An icon a screen reader names by its tooltip or label (`title`, `aria-label`), which shows a picture or an icon
// font's glyph and no word, under the pointer cursor: the usual icon button ("Edit", "Delete" on a row) when the
// page listens on something around it rather than on it.
function delegatedIcon(el) {
  if (!(el.hasAttribute('title') || el.hasAttribute('aria-label'))) return false;
  if (el.tagName === 'svg' || el.closest('svg')) return false;
  const words = n => n.nodeType === 3 ? /\p{L}/u.test(n.data) : n.nodeType === 1 && n.tagName.toLowerCase() !== 'svg' && [...n.childNodes].some(words);
  if ([...el.childNodes].some(words)) return false;
  const view = el.ownerDocument.defaultView || window;
  return view.getComputedStyle(el).cursor === 'pointer';
}
// Whether the page listens for taps on the element itself: a listener our instrumentation saw added (a frame's own
// instrumentation knows its listeners), the `onclick` attribute, or a handler set as a property (`card.onclick = …`),
// which listens as the other two do.
// A container whose controls stop their taps from reaching it (`event.stopPropagation()` in their handlers: a task
// card's checkbox and "×" inside a header that opens the task) acts on a tap of its own: the page told the two apart.
function keepsOwnTaps(el) {
  return [...el.querySelectorAll('[onclick], [onchange]')].some(n => n.matches(controlSelector) &&
    /stopPropagation\s*\(/.test((n.getAttribute('onclick') || '') + (n.getAttribute('onchange') || '')));
}
function listensForTaps(el) {
  const view = el.ownerDocument.defaultView;
  const c = (view && view.__carto) || window.__carto;
  return !!(c && c.clickable.has(el)) || el.hasAttribute('onclick') || typeof el.onclick === 'function';
}
function roleOf(el) {
  const tag = el.tagName.toLowerCase();
  const aria = (el.getAttribute('role') || '').toLowerCase();
  const ariaRoles = { button: 'button', link: 'link', tab: 'tab', tablist: 'tabBar', dialog: 'dialog', alertdialog: 'alert',
                      checkbox: 'checkbox', switch: 'toggle', radio: 'radio', slider: 'slider', textbox: 'textField',
                      searchbox: 'searchField', listbox: 'list', option: 'cell', list: 'list', listitem: 'cell',
                      grid: 'table', row: 'cell', menu: 'menu', menuitem: 'menuItem', navigation: 'toolbar',
                      heading: 'heading', img: 'image', progressbar: 'progressIndicator',
                      alert: 'alert', status: 'staticText' };  // live regions: what the user is told
  if (ariaRoles[aria]) return ariaRoles[aria];
  switch (tag) {
    case 'a': return el.hasAttribute('href') ? 'link' : (listensForTaps(el) ? 'button' : null);
    case 'button': case 'summary': return 'button';
    case 'input': {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      if (type === 'hidden') return null;
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'range') return 'slider';
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      return textTypes[type] || 'textField';
    }
    case 'textarea': return 'textView';
    case 'select': return 'picker';
    // A picture the page listens for taps on (a gallery's photo that opens a viewer) is a control.
    case 'img': return listensForTaps(el) ? 'button' : 'image';
    case 'svg': case 'video': case 'canvas': return 'image';
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
    case 'ul': case 'ol': return 'list';
    case 'li': return 'cell';
    case 'table': return 'table';
    case 'tr': return el.closest('thead') ? null : 'cell';
    case 'form': return 'form';
    case 'dialog': return 'dialog';
    case 'nav': return 'toolbar';
    case 'header': return el.parentElement === document.body ? 'navigationBar' : null;
    case 'iframe': return 'webView';
    case 'progress': return 'progressIndicator';
  }
  // A container that listens for clicks on behalf of the controls inside it (jQuery's delegated events) is not a
  // button of its own: its controls are. Unless it says a tap on it does something by its own pointer cursor (its
  // parent's is not): a card that opens a picture, with "Like" and "Save" buttons inside. A label is its control's
  // (a plan card drawn by a label over its radio button): a tap on it is the control's.
  const pointer = ownPointer(el);
  if (listensForTaps(el) &&
      (!(el.children.length && (el.querySelector(controlSelector) || delegatesToPointers(el))) || (tag !== 'label' && (pointer || keepsOwnTaps(el))))) return 'button';
  // What such a container delegates to: an element the page marks as tappable by its own pointer cursor (a set's
  // tile in a grid the page listens on once, `e.target.closest('.tile')`), and an icon the page names by a tooltip
  // or a label and draws without words (a tile's "Edit" pencil, its cursor the tile's), are its buttons.
  // Not inside a native control (an icon in a `<button>` is the button's).
  if ((pointer || delegatedIcon(el)) && !(el.parentElement && el.parentElement.closest(controlSelector))) {
    let p = el.parentElement;
    while (p && !listensForTaps(p)) p = p.parentElement;
    if (p && (!pointer || delegatesToPointers(p))) return 'button';
  }
  if (el.hasAttribute('contenteditable') && el.getAttribute('contenteditable') !== 'false') return 'textView';
  return null;
}
// Scrolls the window back to the page's top unless the app put it where it is (`c.appScrolled`, instrumentation.js:
// a tour's next step, a form scrolled to its message) — since the last snapshot, or before it and nothing moved it
// since; whether it did. The snapshot of a screen is taken there (`idle.js`): where the crawl scrolled to tap
// something, the browser to a refused field or an anchor's section, is no part of the screen. `instant`: a page's
// `scroll-behavior: smooth` would animate it. Once per snapshot: the marks are used up.
function scrollHome() {
  const c = window.__carto;
  if (!c) return false;
  if (c.appScrolled) c.appPosition = [scrollX, scrollY];
  const app = c.appPosition && c.appPosition[0] === scrollX && c.appPosition[1] === scrollY;
  c.appScrolled = false;
  c.anchorTap = false;
  if (app) return false;
  if (scrollX === 0 && scrollY === 0) {
    // A page never scrolled since it loaded has not shown what it shows at its top once scrolled there: chrome that
    // a scroll shows or hides (a back-to-top button shown until the first scroll, a header that shrinks) would tell
    // a page reached without scrolling from the same page after the crawl scrolled to a control. Told of a scroll at
    // the top, it is looked at as every other time.
    if (c.scrollSeen !== false) return false;
    c.scrollSeen = true;
    c.ours = true;
    try { document.dispatchEvent(new Event('scroll', { bubbles: true })); } finally { c.ours = false; }
    return true;
  }
  c.ours = true;
  try { scrollTo({ left: 0, top: 0, behavior: 'instant' }); } finally { c.ours = false; }
  return true;
}
// A transparent checkbox or radio over a picture of one is the usual custom control (TodoMVC's toggles):
// transparent, it is still what a finger touches, so opacity hides everything but those.
function isVisible(el) {
  const overlay = el.tagName === 'INPUT' && ['checkbox', 'radio', 'file'].includes((el.type || '').toLowerCase());
  if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true, opacityProperty: !overlay }) &&
      (overlay || !el.checkVisibility({ visibilityProperty: true }) || !toBeRevealed(el))) return false;
  const r = el.getBoundingClientRect();
  // Off-canvas (a side menu slid out of view with translateX(-100%)): left or right of the viewport, where no
  // scrolling brings it. Below the fold still counts: scrolling shows it.
  const view = el.ownerDocument.defaultView;
  if (r.width > 0 && (r.right <= 0 || r.left >= view.innerWidth)) return false;
  // A fixed layer outside the viewport (a cookie banner slid below the screen once answered, a panel slid above it)
  // is gone: no scrolling of the page brings it back, unlike the rest of the page below the fold. What lies below
  // the fold of a fixed layer that scrolls (a full-screen dialog longer than the screen) is there all the same.
  if (r.height > 0 && (r.bottom <= 0 || r.top >= view.innerHeight) && inFixedLayer(el) && !scrollsIntoView(el, r)) return false;
  if (r.width > 0 && r.height > 0) return !inCollapsedBox(el);
  // An inline element around blocks (`<a href="#/"><h1>todos</h1></a>`) or one with `display: contents` has no
  // box of its own: it shows what its children show. So does a box left empty because what it holds is laid out
  // outside the flow (a `<nav>` around a menu panel fixed to the screen's side: the nav is 0 × 0, the panel in
  // view) — unless it clips what overflows it and nothing it holds escapes to the screen itself.
  const style = getComputedStyle(el);
  if (style.display === 'inline' || style.display === 'contents') return [...el.children].some(isVisible);
  const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
  return [...el.children].some(k => (!clips || getComputedStyle(k).position === 'fixed') && isVisible(k));
}
// Content a page fades in as it is scrolled to (an IntersectionObserver, a reveal library) is transparent until
// then, and shown for good once the crawl scrolled past it to tap something: how far the crawl once scrolled would
// tell one screen's states apart. Transparent in the window's lower quarter or outside it (where such pages start
// the fade: their observers' margins and thresholds stop short of the window's edge), laid out in the page's flow
// and open to taps, it counts as shown. Transparency still hides a layer laid over others (a toast, a sheet, a
// card's "View details" drawn on hover: absolutely placed or fixed; a finger still reaches the last, see
// `roleOf`) and what is closed to taps (a menu hidden with `pointer-events: none`).
function toBeRevealed(el) {
  const view = el.ownerDocument.defaultView;
  const r = el.getBoundingClientRect();
  if (!(r.top >= view.innerHeight * 0.75 || r.bottom <= 0) || view.getComputedStyle(el).pointerEvents === 'none' || inFixedLayer(el)) return false;
  for (let n = el; n && n !== el.ownerDocument.documentElement; n = n.parentElement) {
    const style = view.getComputedStyle(n);
    if (style.position === 'absolute' || style.position === 'fixed') return false;
    if (style.opacity === '0') return true;
  }
  return false;
}
// Whether the element lies in a box folded to no height or no width that clips what overflows it (an accordion's
// panel, a calendar folded away with `max-height: 0; overflow: hidden`): nothing of it shows, though its own box has
// a size — unless it, or a box between, is fixed to the screen and escapes the fold. Only boxes without a size are
// looked at (their style read), so the walk costs a layout read per ancestor.
function inCollapsedBox(el) {
  const view = el.ownerDocument.defaultView;
  for (let n = el.parentElement; n && n !== el.ownerDocument.body; n = n.parentElement) {
    const b = n.getBoundingClientRect();
    if (b.width > 0 && b.height > 0) continue;
    const style = view.getComputedStyle(n);
    if (style.display === 'inline' || style.display === 'contents') continue;
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    for (let k = el; k && k !== n; k = k.parentElement) if (view.getComputedStyle(k).position === 'fixed') return false;
    return true;
  }
  return false;
}
// Whether the element is, or is inside, a `position: fixed` layer: the chain of offset parents ends at a fixed
// element (a fixed element has none), where that of an element in the page's flow ends at the body.
function inFixedLayer(el) {
  let top = el;
  for (let n = el.offsetParent; n; n = n.offsetParent) top = n;
  const doc = el.ownerDocument;
  return top !== doc.body && top !== doc.documentElement && doc.defaultView.getComputedStyle(top).position === 'fixed';
}
// Where a touch acts on an element: a finger touches what it sees — the element, what it holds, or one of its labels
// (a tap on a label acts on its control; a checkbox drawn by its label, too small or off to the side to touch, is
// touched through the label: `e`). Not a control of its own inside it: a card that opens on a tap holds "Like" and
// "Save" buttons, and a touch on one of them acts on that button. Shared by the tap (locate.js) and the snapshot,
// so what the snapshot offers to tap is what a tap reaches.
function touchSurface(found) {
  const own = found.getBoundingClientRect();
  const labels = found.labels ? [...found.labels].filter(l => { const r = l.getBoundingClientRect(); return r.width > 0 && r.height > 0; }) : [];
  const view = found.ownerDocument.defaultView;
  const e = labels.length && (own.width < 4 || own.height < 4 || own.right <= 0 || own.left >= view.innerWidth) ? labels[0] : found;
  const nested = top => { for (let n = top; n && n !== e; n = n.parentElement) if (n !== found && n.matches(controlSelector)) return true; return false; };
  const acts = top => !!top && (top === e || (e.contains(top) && !nested(top)) || top === found || labels.some(l => l === top || l.contains(top)));
  return { e, labels, acts };
}
// Whether something else lies over the whole of an element inside the window, so that no touch reaches it: a game's
// result laid over its board, a sheet over a card. Looked at in the middle and near the four corners. Not a layer
// fixed or stuck to the window (a header, a banner: scrolling moves the element clear of it, and a layer over the
// whole window is the snapshot's backdrop), nor an element partly outside the window (scrolling may bring it clear),
// nor a point where an element holding it is topmost (a gap, or an element that lets touches through), nor one where
// what it holds is (a row filled by a button of its own is the row's content, not a cover).
function outOfReach(found) {
  const { e, labels } = touchSurface(found);
  const ours = top => e.contains(top) || found.contains(top) || labels.some(l => l.contains(top));
  const view = e.ownerDocument.defaultView;
  const r = e.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0 || r.left < 0 || r.top < 0 || r.right > view.innerWidth || r.bottom > view.innerHeight) return false;
  const root = e.getRootNode().elementFromPoint ? e.getRootNode() : e.ownerDocument;
  // 2 px in from the edges, less on an element smaller than 8 px (an icon button whose font did not load is 12 × 2).
  const ix = Math.min(2, r.width / 4), iy = Math.min(2, r.height / 4);
  const over = (fx, fy) => {
    const top = root.elementFromPoint(r.left + ix + (r.width - 2 * ix) * fx, r.top + iy + (r.height - 2 * iy) * fy);
    return !!top && !ours(top) && !top.contains(e) ? top : null;
  };
  const middle = over(0.5, 0.5);
  if (!middle) return false;
  for (let n = middle; n && n.nodeType === 1; n = n.parentElement || (n.getRootNode() && n.getRootNode().host)) {
    if (/^(fixed|sticky)$/.test(view.getComputedStyle(n).position)) return false;
  }
  return [[0, 0], [1, 0], [0, 1], [1, 1]].every(([fx, fy]) => over(fx, fy) !== null);
}
// Whether scrolling a container between the element and its fixed layer (the layer included) brings the element
// into view: the container is on the screen and can still scroll towards the element.
function scrollsIntoView(el, r) {
  const view = el.ownerDocument.defaultView;
  for (let n = el.parentElement; n && n !== el.ownerDocument.body; n = n.parentElement) {
    const style = view.getComputedStyle(n);
    if (/auto|scroll|overlay/.test(style.overflowY) && n.scrollHeight > n.clientHeight) {
      const box = n.getBoundingClientRect();
      const onScreen = box.bottom > 0 && box.top < view.innerHeight && box.height > 0;
      if (onScreen && r.top >= box.bottom && n.scrollTop + n.clientHeight < n.scrollHeight - 1) return true;
      if (onScreen && r.bottom <= box.top && n.scrollTop > 0) return true;
    }
    if (style.position === 'fixed') break;
  }
  return false;
}
// Relative to the element's own tree; a shadow root's or a frame's path is its host's path, ' >>> ', its own.
function cssPath(el) {
  const parts = [];
  const root = el.getRootNode();
  let anchored = false;
  for (let n = el; n && n.nodeType === 1 && n !== root.documentElement; n = n.parentElement) {
    const id = n.getAttribute('id');
    if (id && root.querySelectorAll('#' + CSS.escape(id)).length === 1) { parts.unshift('#' + CSS.escape(id)); anchored = true; break; }
    const tag = n.tagName.toLowerCase();
    let i = 1;
    for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === n.tagName) i++;
    parts.unshift(tag + ':nth-of-type(' + i + ')');
  }
  const path = anchored || root.host ? parts.join(' > ') : 'html > ' + parts.join(' > ');
  if (root.host) return cssPath(root.host) + ' >>> ' + path;
  const frame = root !== document && root.defaultView ? root.defaultView.frameElement : null;
  return frame ? cssPath(frame) + ' >>> ' + path : path;
}
// The elements rendered under `el`: an open shadow root's instead of the light DOM, a slot's assigned elements,
// a same-origin frame's body.
function renderedChildren(el) {
  if (el.shadowRoot) return [...el.shadowRoot.children];
  if (el.tagName === 'SLOT') { const a = el.assignedElements({ flatten: true }); return a.length ? a : [...el.children]; }
  if (el.tagName === 'IFRAME') { try { const d = el.contentDocument; return d && d.body ? [d.body] : []; } catch (e) { return []; } }
  return [...el.children];
}
// Text as the crawl reads it back. JSON.stringify writes a lone surrogate (half an emoji cut off by a slice, or a page's
// own broken text) as an escape that Swift's JSONDecoder refuses: one such label failed the whole snapshot and ended
// the crawl. So text is cut between characters, and what goes out as JSON is made well-formed (U+FFFD for a lone half).
const cut = (s, n) => {
  if (s.length <= n) return s;
  const last = s.charCodeAt(n - 1);
  return s.slice(0, last >= 0xD800 && last <= 0xDBFF ? n - 1 : n);
};
const wellFormed = (key, value) => typeof value === 'string' && value.toWellFormed ? value.toWellFormed() : value;
const clean = s => { s = (s || '').replace(/\s+/g, ' ').trim(); return s ? cut(s, 200) : null; };
function labelOf(el, role) {
  const aria = el.getAttribute('aria-label');
  if (aria) return clean(aria);
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) { const r = el.getRootNode(); const l = r.getElementById ? r.getElementById(labelledBy) : document.getElementById(labelledBy); if (l) return clean(l.textContent); }
  if (el.labels && el.labels.length) return firstLine(el.labels[0]);
  if (role === 'image' || el.tagName === 'IMG') return clean(el.getAttribute('alt') || el.getAttribute('title'));
  if (el.tagName === 'INPUT' && ['submit', 'button', 'reset'].includes((el.type || '').toLowerCase())) return clean(el.value || el.getAttribute('title'));
  if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') return clean(el.getAttribute('placeholder') || el.getAttribute('name') || el.getAttribute('title'));
  // A select without a label is named by its first choice, the placeholder a person reads on it ("All categories",
  // "Choose a size"), not by all its choices: those are data (a category added to a shop is a choice more).
  if (el.tagName === 'SELECT') return clean(el.getAttribute('title') || (el.options[0] && el.options[0].text) || el.getAttribute('name'));
  if (['list', 'table', 'form', 'dialog', 'toolbar', 'tabBar'].includes(role)) return clean(el.getAttribute('name') || el.getAttribute('title'));
  return (role === 'button' || role === 'cell' ? ownTextOf(el) : textOf(el)) || nameFromContent(el);
}
// A form control's label is the first line its <label> shows: the lines under it are what the page writes there
// besides the name — a hint, "This field is required", a plan's price — values that change while the control
// stays the one it was ("Name", "Arcade"). A label not rendered (hidden) falls back to its source text's first line.
// The case is the source's (as `textOf`: CSS `text-transform` is no part of the name).
function firstLine(label) {
  const text = label.innerText && label.innerText.trim() ? label.innerText : label.textContent;
  const line = clean((text || '').split('\n').find(line => line.trim()) || '');
  const source = clean(label.textContent);
  return line && source && source.toLowerCase().startsWith(line.toLowerCase()) ? source.slice(0, line.length) : line;
}
// The text of a control or a row that holds controls of its own (a card with "Like" and "Save" buttons inside),
// without theirs: the card is named by what it shows, its buttons by theirs.
function ownTextOf(el) {
  const nested = [...el.querySelectorAll(controlSelector)];
  if (!nested.length) return textOf(el);
  let text = el.innerText !== undefined ? el.innerText : el.textContent;
  for (const n of nested) { const t = n.innerText !== undefined ? n.innerText : n.textContent; if (t) text = text.replace(t, ' '); }
  return clean(text);
}
// A control with no text of its own is named as a screen reader names it (the accessible name from content): by the
// text alternatives of the pictures and icons it holds (`<img alt>`, `aria-label`, an SVG's `<title>`), else by its
// own tooltip (`title`). A card that shows a photo is named by the photo's alt text, a cart icon by its label.
function nameFromContent(el) {
  const names = [];
  for (const n of el.querySelectorAll('img[alt], [aria-label], svg title, [title]')) {
    const tag = n.tagName.toLowerCase();
    const v = clean(tag === 'img' ? n.getAttribute('alt') : tag === 'title' ? n.textContent : n.getAttribute('aria-label') || n.getAttribute('title'));
    if (v && !names.includes(v)) names.push(v);
    if (names.length === 3) break;
  }
  return names.length ? names.join(' ') : clean(el.getAttribute('title'));
}
// The text an element shows, in the case its source writes: innerText leaves out what is hidden but applies CSS
// `text-transform` ("ABOUT" for "About"), which the accessible name does not (a screen reader, and a tester reading
// the page, say "About"); where the two differ only in case, the source's case.
// A control whose text is momentarily not rendered (a page fading in keeps its text `visibility: hidden` for a
// moment while the link is already there) is named by its text all the same: its name must not depend on when the
// snapshot was taken.
function textOf(el) {
  const shown = clean(el.innerText !== undefined ? el.innerText : el.textContent);
  if (!shown) return clean(el.textContent);
  if (shown.toLowerCase() === shown.toUpperCase()) return shown;
  const source = clean(el.textContent);
  return source && source !== shown && source.toLowerCase() === shown.toLowerCase() ? source : shown;
}
