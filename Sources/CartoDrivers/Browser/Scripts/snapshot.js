// The screen as a tree of the elements a user sees or acts on, plus context and the failures drained from the
// instrumentation, as JSON text (decoded in one pass). Locators are CSS paths anchored at the nearest unique id.
// With an open modal dialog, only its content is actionable (the rest is inert, as for a user).
// Needs element-helpers.js.
function snapshot() {
  const modal = document.querySelector('dialog:modal') ||
    [...document.querySelectorAll('[aria-modal="true"]')].find(isVisible) || null;
  // A layer over the whole viewport (a fixed element: a dialog's backdrop, with or without ARIA, a full-screen sheet,
  // a drawer's shade): what lies under it cannot be touched — a tap there lands on the layer. When the layer is
  // opaque (a full-screen sheet: something between the point touched and the layer covers the viewport with a solid
  // background), what lies under it is not on the screen either and is left out of the snapshot's visible elements;
  // under a translucent one (a dimmed backdrop, a tour's shade) a person still sees the page: it stays, inert.
  const w = innerWidth, h = innerHeight;
  const coversViewport = n => { const r = n.getBoundingClientRect(); return r.left <= 1 && r.top <= 1 && r.right >= w - 1 && r.bottom >= h - 1; };
  let opaqueLayer = false;
  // Looked for at the middle of the window and, where something lies over the layer there (a tour's tooltip, the
  // element it lifts above its shade, a dialog's box), at eight points around it: the layer is the same whatever a
  // dialog or tooltip happens to cover the middle with, so what lies under it does not change with where they sit.
  const backdrop = (() => {
    for (const [fx, fy] of [[.5, .5], [.1, .1], [.9, .1], [.1, .9], [.9, .9], [.5, .1], [.5, .9], [.1, .5], [.9, .5]]) {
      let solid = false;
      for (let n = document.elementFromPoint(w * fx, h * fy); n && n !== document.body && n !== document.documentElement; n = n.parentElement) {
        const style = getComputedStyle(n);
        if (Number(style.opacity) < 1) solid = false;
        else if (!solid && coversViewport(n) && (/^rgb\(/.test(style.backgroundColor) || style.backgroundImage !== 'none')) solid = true;
        if (style.position !== 'fixed' || !coversViewport(n)) continue;
        opaqueLayer = solid;
        return n;
      }
    }
    return null;
  })();
  // Whether `a` holds `b`, across shadow roots.
  const holds = (a, b) => { for (let n = b; n; n = n.parentNode || n.host) { if (n === a) return true; } return false; };
  function underBackdrop(el) {
    if (!backdrop || el.ownerDocument !== document || holds(backdrop, el) || holds(el, backdrop) || (modal && holds(modal, el))) return false;
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;   // the backdrop stays put when scrolling
    // The whole stack at that point, not only its top: what lies under the layer and under a sheet or a dialog's
    // box over the layer (a page's link where a bottom sheet rises) is under the layer all the same.
    const stack = document.elementsFromPoint(x, y);
    const layer = stack.findIndex(n => holds(backdrop, n));
    const own = stack.findIndex(n => holds(el, n));
    if (own < 0) return layer === 0;
    return layer >= 0 && layer < own;
  }
  // A control that only hovering its row shows (opacity 0 until :hover, as delete buttons often are, and a card's
  // "View details" laid over its picture) still takes a tap where it sits: a finger on a phone finds it. It stays
  // invisible for the abstraction. A row is a list's item or one of repeated cards (`rowsOf`).
  function rowOf(el) {
    const native = el.closest('li, tr, [role="row"], [role="listitem"]');
    if (native) return native;
    for (let n = el.parentElement; n && n.parentElement; n = n.parentElement) { const rows = rowsOf(n.parentElement); if (rows && rows.has(n)) return n; }
    return null;
  }
  function inARow(el) { return !!rowOf(el); }
  // What a finger touching the middle of an element would touch (null when the element takes no room).
  function hitAtCentre(el) {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return null;
    return (el.getRootNode().elementFromPoint ? el.getRootNode() : el.ownerDocument).elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  }
  function revealedOnHover(el) {
    if (!el.closest || !inARow(el)) return false;
    if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) return false;
    const hit = hitAtCentre(el);
    return !!hit && (hit === el || el.contains(hit));
  }
  // A control its row shows once the row is tapped (a tile's "Edit" and "Delete", hidden until the page marks the
  // tile open): laid out where it will show, under its row, which takes taps. A finger taps the row there, then the
  // control (locate.js: the tap goes through the row first). Like a control shown on hover, it stays invisible for
  // the abstraction: a row's controls are its shape, shown or not (`RowShape`).
  function revealedByItsRow(el) {
    const row = el.closest ? rowOf(el) : null;
    if (!row || !(roleOf(row) === 'button' || listensForTaps(row) || ownPointer(row))) return false;
    const hit = hitAtCentre(el);
    return !!hit && row.contains(hit) && hit.contains(el);
  }
  const origin = location.origin;
  // The hash route (instrumentation.js: in-page fragments are scrolls, not routes); without instrumentation, the hash
  // when it is route-shaped.
  const names = frag => c ? c.names(frag) : !!document.getElementById(frag);
  const route = c ? c.followRoute() : (location.hash.startsWith('#/') || location.hash.startsWith('#!') ? location.hash : '');
  // A link to a place on this page (`#features`, a table of contents): a scroll. Scrollspy scripts mark the one whose
  // section is in view with a class, which says where the page is scrolled, not which screen it is; ARIA still counts.
  // `placeOf`: the place it names (an element's id), reported as the link's `scrollsTo` so that the crawler judges
  // such links by what the page holds, not by parsing their address again; null for a link that leads elsewhere.
  const placeOf = el => {
    const h = el.hash;
    if (!h || el.origin !== location.origin || el.pathname !== location.pathname || el.search !== location.search) return null;
    // `#/route#place` is in-page only on that route; a bare `#/route` is a route.
    const second = h.startsWith('#/') || h.startsWith('#!') ? h.indexOf('#', 1) : 0;
    if (second < 0 || (second > 0 && h.slice(0, second) !== route)) return null;
    const place = h.slice(second + 1);
    return names(place) ? place : null;
  };
  const selectedClasses = new Set(['selected', 'active', 'current', 'is-active', 'is-selected', 'is-current', 'router-link-exact-active']);
  // Repeated siblings of one kind without a list around them — the cards of a grid (a recipe, a product, a post),
  // each holding controls — are rows of a list, as `<li>`s of a `<ul>` are: an element without a role of its own
  // whose children are, for two thirds or more, at least two elements of one tag and class list (the class that
  // marks the chosen one left out), none with a role of its own, each holding a control. The abstraction then judges
  // the rows as it judges a list's (data of one shape, a menu, a navbar).
  // A card that is a control of its own — the page listens for taps on it (a book's title and price) — is such a row
  // too, whether or not it holds buttons of its own ("Like", "Add to cart"): one of several of one kind, each with
  // content of its own (two elements or more), not a native control (a row of `<button class="btn">` is a toolbar,
  // each button a control) and without a role the page gave it. Its headings are then the row's content, not the
  // screen's: a grid that a filter narrows shows other data, not another screen. The row is tapped where none of its
  // own controls lies (locate.js), beside its buttons (EventPlanner). So is a card the page marks as tappable by its
  // own pointer cursor only (`ownPointer`): a page that listens once at the document for taps on its rows
  // (`e.target.closest('.contact')`, React's root listener) attaches nothing to the row itself.
  // Pictures the page listens for taps on, side by side (a gallery's photos), are such rows too: each shows content.
  // A native button that holds a heading of its own is such a card drawn as a button (a book's cover, its title as a
  // heading and its author under it): a toolbar's buttons are named by a word or an icon, not by a heading.
  const tappablePicture = m => m.tagName === 'IMG' && roleOf(m) === 'button' && !m.hasAttribute('role');
  const cardButton = m => m.tagName === 'BUTTON' && !m.hasAttribute('role') && m.children.length >= 2 && !!m.querySelector('h1, h2, h3, h4, h5, h6, [role=heading]');
  const cardControl = m => tappablePicture(m) || cardButton(m) || (roleOf(m) === 'button' || (!roleOf(m) && ownPointer(m))) && !m.hasAttribute('role') && m.children.length >= 2 &&
    !['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY', 'LABEL'].includes(m.tagName);
  // Boxes that each hold fields and nothing else to touch (a label and its field, repeated: "Front" and "Back", "Name"
  // and "Email") are a form laid out in rows, not a list of data, when their fields are named differently: each is a
  // field of its own to fill. Rows of data repeat one name (a quantity on every item of a cart).
  const fieldRoles = ['textField', 'secureTextField', 'searchField', 'textView', 'picker'];
  const fieldsOf = m => [...m.querySelectorAll(controlSelector)].filter(c => roleOf(c) !== null);
  const formLayout = members => members.every(m => { const fs = fieldsOf(m); return fs.length > 0 && fs.every(c => fieldRoles.includes(roleOf(c))); }) &&
    new Set(members.map(m => fieldsOf(m).map(c => labelOf(c, roleOf(c))).join('\n'))).size > 1;
  const repeatedRows = new Map();
  const kind = k => k.tagName + '.' + [...k.classList].filter(x => !selectedClasses.has(x)).sort().join('.');
  // Siblings whose class lists differ past their first class but that are built alike inside — the same children,
  // tag and classes — are one kind in different states: a task and a task marked `completed`, the days of a calendar
  // marked `missed`, `partial` or `completed`. (Sections of a page that share a first class, `section hero` and
  // `section features`, are built differently inside: kinds of their own.) Groups are only ever joined, never split.
  const inside = k => [...k.children].map(c => c.tagName + '.' + [...c.classList].sort().join('.')).join(',');
  // A state repeats: one of the class lists joined is worn by two siblings or more (two open tasks beside a completed
  // one, many missed days). Two dialogs side by side (`modal add` and `modal delete`, each wrapping one box) wear
  // one class list each: kinds of their own.
  function mergeStatesOfOneKind(groups) {
    const byBase = new Map();
    for (const [key, members] of groups) {
      const first = [...members[0].classList].filter(x => !selectedClasses.has(x))[0];
      if (!first || !members.every(m => inside(m) === inside(members[0]))) continue;
      const base = members[0].tagName + '.' + first + '|' + inside(members[0]);
      byBase.set(base, (byBase.get(base) || []).concat([key]));
    }
    // Or a kind wears the other's classes and more (a mark added: `tile` and `tile actions-shown`), its members are
    // cards a finger picks, and all of them are shown side by side: two tiles of a grid, one of them tapped. (Two
    // dialogs are not shown together.)
    const classes = k => k.split('.').slice(1).filter(x => x);
    const marks = (k, j) => k !== j && classes(j).every(x => classes(k).includes(x));
    const shownCards = keys => keys.every(k => groups.get(k).every(m => cardControl(m) && isVisible(m)));
    for (const keys of byBase.values()) {
      if (keys.length < 2 || !(keys.some(k => groups.get(k).length >= 2) ||
                               (keys.some(k => keys.some(j => marks(k, j))) && shownCards(keys)))) continue;
      const [into, ...rest] = keys;
      for (const k of rest) { groups.set(into, groups.get(into).concat(groups.get(k))); groups.delete(k); }
    }
  }
  // Whether a box holds something to touch: a native control, or an element the page listens for taps on (a task's
  // "○" and its title, plain divs with listeners).
  const holdsControl = m => !!m.querySelector(controlSelector) || [...m.querySelectorAll('*')].some(n => roleOf(n) === 'button');
  // Rows grouped under headers between them (a history's transactions under their dates: "Today", a row, "12 July",
  // two rows): every other child is a box with nothing to touch right before a row — a group's header, not content
  // beside the rows. Filtered to one row a day, the rows are half the children, and a list still.
  function groupedUnderHeaders(kids, members) {
    return kids.every((k, i) => members.has(k) || (i + 1 < kids.length && members.has(kids[i + 1]) && !holdsControl(k) && !roleOf(k) && !listensForTaps(k)));
  }
  // The kinds of native controls an element holds (tag and type), whatever their number and labels.
  function controlKinds(el) {
    return [...new Set([...el.querySelectorAll(controlSelector)].map(n => n.tagName + (n.type ? ':' + n.type : '')))].sort().join(',');
  }
  // Whether boxes are built alike inside: the kinds (tag and classes) of what they hold shared for the most part —
  // at least half of all the kinds either holds. Cards of one template are (one with a "Sale" badge the others
  // lack included); an app's pages, each its own layout, are not.
  function builtAlike(members) {
    const built = members.map(m => new Set([...m.querySelectorAll('*')].map(kind)));
    return built.every(b => { const a = built[0]; let shared = 0; for (const x of b) if (a.has(x)) shared++; return shared * 2 >= new Set([...a, ...b]).size; });
  }
  // Rows are among the children rendered under the parent: a custom element's rows are in its shadow root, not among
  // its own children. (Its `<style>` and the page's scripts count among the children as they always have: a body of
  // three sections and its scripts is no list of sections.)
  function rowsOf(parent) {
    if (repeatedRows.has(parent)) return repeatedRows.get(parent);
    let rows = null;
    const kids = renderedChildren(parent);
    if (kids.length >= 2 && !roleOf(parent)) {
      const groups = new Map();
      for (const k of kids) { const key = kind(k); groups.set(key, (groups.get(key) || []).concat(k)); }
      mergeStatesOfOneKind(groups);
      for (const [key, members] of groups) {
        if (members.length < 2 || (members.length * 3 < kids.length * 2 && !groupedUnderHeaders(kids, new Set(members)))) continue;
        if (key.split('.')[1] === '' && members[0].tagName !== 'ARTICLE' && !members.every(tappablePicture)) continue;   // anonymous layout boxes
        // Native controls in each make rows (shown or not: a grid filtered to one card is a list still); elements the
        // page listens on make rows only where two or more are shown together — one shown at a time is a sequence of
        // steps or pages (a tutorial's, each with its "Next" link without an address), not a list.
        const natively = members.every(m => (!roleOf(m) && m.querySelector(controlSelector)) || cardControl(m));
        const shown = members.filter(isVisible).length;
        const byListeners = !natively && shown >= 2 && members.every(m => (!roleOf(m) && holdsControl(m)) || cardControl(m));
        // Boxes shown one at a time that hold each other kinds of controls, or are built otherwise inside, are
        // panels (a tab's, a wizard's steps: a form in one, an "Add" button in the next; an app's pages, each of
        // buttons, one a grid of categories, the next a question card), not a list: the hidden cards of a grid
        // filtered to one hold the controls the shown one holds, built from one template.
        const panels = natively && shown === 1 && (new Set(members.map(controlKinds)).size > 1 || !builtAlike(members));
        if ((natively || byListeners) && !panels && !formLayout(members)) rows = new Set(members);
        break;
      }
    } else if (kids.length === 1 && !roleOf(parent)) {
      // A lone card that is a control of its own (`cardControl`: the page listens on it, or marks it tappable by its
      // own pointer cursor while listening at the document — a board's column holding one task, the only note of a
      // notes app): a row of a list of one, as siblings of its kind would make it a row of a list of several. Its
      // text is the row's content, not a control's name: a note's title is data. Not a box without a class of its
      // own (layout), nor a lone picture.
      const k = kids[0];
      if (cardControl(k) && !tappablePicture(k) && kind(k).split('.')[1] !== '') rows = new Set([k]);
    }
    repeatedRows.set(parent, rows);
    return rows;
  }
  // A region declared hidden that holds two controls or more a person sees and reads (a sidebar of buttons left
  // `aria-hidden` by a layout that hides it on phones) is in use all the same: what a person sees there is on the
  // screen. Not while a dialog is open, whose script sets the page behind it aside that way; a dismiss "×" or an
  // icon is no such control (no word on it). The open dialog itself is in use, though its script left it declared
  // hidden (`aria-hidden="true"` written in the page and never taken off when it opens): it is what a person sees.
  const openDialogs = [...document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"]')].filter(isVisible);
  const dialogOpen = modal !== null || backdrop !== null || openDialogs.length > 0;
  const regionsInUse = new Map();
  function inUse(region) {
    if (openDialogs.some(d => region === d || region.contains(d))) return true;
    if (dialogOpen) return false;
    if (!regionsInUse.has(region)) {
      const used = [...region.querySelectorAll(controlSelector)].filter(n => isVisible(n) && /\p{L}{2}/u.test(textOf(n) || ''));
      regionsInUse.set(region, used.length >= 2);
    }
    return regionsInUse.get(region);
  }
  // `parent`: the element `el` is rendered under (a shadow root's host, a slot), as `renderedChildren` walks.
  function build(el, parentInert, parent) {
    let role = roleOf(el);
    if ((!role || role === 'button') && el.ownerDocument === document) {
      if (!role && rowsOf(el)) role = 'list';
      else if (parent && rowsOf(parent) && rowsOf(parent).has(el)) role = 'cell';
    }
    const inert = parentInert || (modal !== null && !modal.contains(el) && !el.contains(modal)) || el.inert;
    let node = null;
    if (role) {
      // An empty list has no height but is on screen (an empty inbox): only styles hide it.
      // A checkbox drawn by its label (TodoMVC's toggle-all: a 1 px input off to the side, the label is what one
      // sees and touches) is on screen when its label is.
      // Whether it lies under the layer (computed once: each call is a hit test).
      const under = backdrop !== null && underBackdrop(el);
      const hidden = n => opaqueLayer && (n === el ? under : underBackdrop(n));
      const shown = n => isVisible(n) && !hidden(n);
      const seen = (role === 'list' || role === 'table') && el.children.length === 0 && el.checkVisibility
        ? el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !hidden(el)
        : shown(el) || ((role === 'checkbox' || role === 'radio') && !!el.labels && [...el.labels].some(shown));
      // What the page declares no part of its content (`aria-hidden="true"` on it or around it: a message's dismiss
      // "×", icons, content a dialog set aside) is not on the screen for the abstraction, as it is not for a screen
      // reader: a message with a "×" and the same screen without it are one. A finger still reaches what it sees.
      const hiddenRegion = el.closest ? el.closest('[aria-hidden="true"]') : null;
      const declaredHidden = !!hiddenRegion && !inUse(hiddenRegion);
      const visible = seen && !declaredHidden;
      const r = el.getBoundingClientRect();
      const disabled = el.disabled === true || el.getAttribute('aria-disabled') === 'true';
      const actions = [];
      let target = null;
      const tag = el.tagName.toLowerCase();
      // Same-origin targets without the origin: the model stays the same when the app is served elsewhere.
      // A folder's index page is the folder (`/shop/index.html#/cart` is `/shop/#/cart`), as for the screen's own
      // container: a page reached at either spelling links the same.
      const local = u => u && u.startsWith(origin + '/') ? u.slice(origin.length).replace(/\/index\.html?(?=[?#]|$)/, '/') : (u || null);
      // A link written as a fragment (`#/active`, `#pricing`, `#`) leads within whatever document shows it: its
      // target is the document's path and the fragment, without the query the document was reached with, so a page
      // reloaded by a search box (`?q=…`) links the same.
      const href = role === 'link' ? (el.getAttribute('href') || '').trim() : '';
      if (href.startsWith('#') && el.ownerDocument === document) target = local(origin + location.pathname) + (el.hash || '#');
      else if (role === 'link') target = local(el.href);
      else if (role === 'form') target = local(platformProperty(el, 'action'));
      else if (listensForTaps(el)) target = 'click';
      // Only a submit button sends its form (a `<button>` is one unless its type says otherwise): a reset button
      // beside it empties the form.
      else if (tag === 'button' || (tag === 'input' && el.type === 'submit')) target = !el.form ? null : el.type === 'submit' ? 'submit' : el.type === 'reset' ? 'reset' : null;
      const tappable = ['button', 'link', 'tab', 'checkbox', 'radio', 'toggle', 'menuItem'].includes(role);
      if (!inert && !visible && !disabled && tappable && (revealedOnHover(el) || revealedByItsRow(el) || (seen && declaredHidden && !under))) actions.push('tap');
      // A control something else lies over wholly (a game's result over its board): out of reach, as under a layer
      // over the whole window — a tap on it lands on what covers it.
      const textInput = ['textField', 'secureTextField', 'searchField', 'textView'].includes(role);
      const unreached = !inert && visible && !disabled && !under && (tappable || textInput || role === 'cell' || role === 'picker' || role === 'slider') && outOfReach(el);
      // Nothing under the layer takes a finger: not a control, not a row, not a field, not a list to scroll.
      if (!inert && visible && !disabled && !under && !unreached) {
        if (tappable) actions.push('tap');
        // A row the page marks as clickable by its pointer cursor (`ownPointer`): frameworks that listen at the root
        // (React) attach no listener to the row itself, so the cursor is what says a finger may pick it.
        // A row that is a native button (`cardButton`) takes a tap as any button does.
        else if (role === 'cell' && (target === 'click' || el.tagName === 'BUTTON' || el.querySelector('a[href], button, [onclick]') || ownPointer(el))) actions.push('tap');
        if (['textField', 'secureTextField', 'searchField', 'textView'].includes(role) && !el.readOnly) actions.push('tap', 'type');
        if (role === 'picker' || role === 'slider') actions.push('setValue');
        if ((role === 'list' || role === 'table' || role === 'webView') && el.scrollHeight > el.clientHeight + 4 &&
            ['auto', 'scroll'].includes(getComputedStyle(el).overflowY)) actions.push('scroll');
      }
      let value = null;
      if ('value' in el && typeof el.value === 'string' && role !== 'button') value = el.type === 'password' ? (el.value ? '••••' : null) : clean(el.value);
      // A select's choices as a person reads them, and the one chosen by its text (its value attribute is the
      // page's own key: `cat-3`).
      let options = null;
      if (tag === 'select' && !el.multiple) {
        options = [...el.options].filter(o => !o.disabled && !o.hidden).map(o => cut(clean(o.text) || '', 80));
        value = el.selectedOptions[0] ? cut(clean(el.selectedOptions[0].text) || '', 80) : null;
      }
      if (role === 'checkbox' || role === 'radio' || role === 'toggle') value = el.checked === undefined ? el.getAttribute('aria-checked') : String(el.checked);
      // A control named for screen readers otherwise than by the words it shows (`aria-label="Start or pause timer"`
      // on a button reading START, then PAUSE): the words a person reads on it are what it shows, its value.
      if (['button', 'tab', 'menuItem'].includes(role) && (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby'))) {
        const shown = role === 'button' ? ownTextOf(el) : textOf(el);
        const name = labelOf(el, role);
        if (shown && /\p{L}/u.test(shown) && name && shown.toLowerCase() !== name.toLowerCase()) value = cut(shown, 80);
      }
      const platformType = tag === 'input' ? 'input[type=' + (el.getAttribute('type') || 'text').toLowerCase() + ']' : tag + (el.getAttribute('role') ? '[role=' + el.getAttribute('role') + ']' : '');
      // The current tab or filter as the page shows it: ARIA first, else the class names apps and CSS frameworks mark
      // it with (TodoMVC's `a.selected`, Bootstrap's `li.active > a`, `is-active`, `current`).
      const marked = n => n && n.classList && [...n.classList].some(k => selectedClasses.has(k));
      // A row that is a control of its own (a plan card, an option: tappable, no link or button inside) is marked the
      // same way when it is the chosen one.
      const ownRow = role === 'cell' && actions.includes('tap') && !el.querySelector('a[href], button, input, select, textarea, [role=button]');
      // Where a link to a place on this page scrolls to (its `scrollsTo`); such a link is never the selected one.
      const place = role === 'link' ? placeOf(el) : null;
      const selected = el.getAttribute('aria-selected') === 'true' || el.getAttribute('aria-current') === 'page' || el.selected === true ||
        ((['link', 'tab', 'menuItem', 'button'].includes(role) || ownRow) && el.getAttribute('aria-selected') !== 'false' &&
         place === null &&
         (marked(el) || (role === 'link' && el.parentElement && el.parentElement.tagName === 'LI' && marked(el.parentElement))));
      // What it shows of what it controls: a menu toggle, a dropdown, a disclosure.
      const ariaExpanded = el.getAttribute('aria-expanded');
      // A control declaring a popup (aria-haspopup) without saying more is a closed one.
      const popup = el.getAttribute('aria-haspopup');
      const expanded = ariaExpanded === 'true' ? true : ariaExpanded === 'false' ? false
        : tag === 'summary' && el.parentElement && el.parentElement.tagName === 'DETAILS' ? el.parentElement.open
        : popup && popup !== 'false' ? false : null;
      node = { role, platformType, identifier: identifierOf(el),
               label: labelOf(el, role), value, frame: { x: r.x, y: r.y, width: r.width, height: r.height },
               enabled: !disabled, visible, selected, expanded, actions, target, locator: 'css selector:' + cssPath(el), children: [] };
      if (options) node.options = options;
      if (place !== null) node.scrollsTo = place;
      // Seen through a translucent layer over the whole window (a dialog's dimmed backdrop, a drawer's shade): on the
      // screen, out of reach until the layer goes.
      // So is what an open modal dialog (`<dialog>` shown modal, `aria-modal`) sets aside: the page it was opened over.
      if (visible && (under || unreached || (modal !== null && !modal.contains(el) && !el.contains(modal)))) node.covered = true;
      // A submit button whose form the browser will not send yet (a required field empty, a value of the wrong
      // shape): a tap on it does nothing until the fields are filled, which says nothing of what it does then.
      if ((tag === 'button' || tag === 'input') && el.type === 'submit' && el.form && !el.form.noValidate && !el.formNoValidate && el.form.matches(':invalid')) node.awaitsInput = true;
      // What a field accepts (HTML constraint validation) and the example it shows: the crawler types a value the
      // page will send, not one the browser or the page's own checks refuse.
      if ((tag === 'input' || tag === 'textarea') && actions.includes('type')) {
        const accepts = {};
        const text = name => { const v = el.getAttribute(name); return v === null || v.trim() === '' ? null : v.trim(); };
        if (el.required) accepts.required = true;
        if (text('pattern') && tag === 'input') accepts.pattern = el.getAttribute('pattern');
        if (el.minLength > 0) accepts.minLength = el.minLength;
        if (el.maxLength >= 0 && el.maxLength < 524288) accepts.maxLength = el.maxLength;
        for (const name of ['min', 'max', 'step', 'placeholder']) if (text(name) !== null) accepts[name] = text(name);
        if (Object.keys(accepts).length) node.accepts = accepts;
      }
      // A box the form still requires ticked (terms to agree to; a required choice none of whose boxes is on: every
      // box of it says so).
      if ((role === 'checkbox' || role === 'radio') && el.required && el.validity && el.validity.valueMissing) node.accepts = { required: true };
      // So is a choice the form still requires: a required select left on its placeholder (an option with no value).
      if (tag === 'select' && el.required && el.validity && el.validity.valueMissing) node.accepts = { required: true };
    }
    const kids = [];
    for (const child of renderedChildren(el)) {
      const built = build(child, inert, el);
      if (built === null) continue;
      if (Array.isArray(built)) kids.push(...built); else kids.push(built);
    }
    if (node) { node.children = kids; return node; }
    return kids.length ? kids : null;
  }
  const body = document.body;
  const children = body ? [].concat(build(body, false, null) || []) : [];
  const nav = performance.getEntriesByType('navigation')[0];
  // All the visible text, as a 32-bit FNV-1a digest (whether two addresses show the same page).
  const text = body ? body.innerText : '';
  let digest = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) { digest ^= text.charCodeAt(i); digest = Math.imul(digest, 0x01000193); }
  const errors = c ? c.errors.splice(0) : [];
  // What the page told the user in its native dialogs (alert, confirm, prompt: answered at once, instrumentation.js)
  // since the last snapshot; read once.
  const told = c && c.dialogs ? c.dialogs.splice(0) : [];
  // Whether the page went back in its history since the last snapshot (instrumentation.js marks it); read once.
  let wentBack = false;
  try { wentBack = sessionStorage.getItem('__cartoWentBack') === '1'; if (wentBack) sessionStorage.removeItem('__cartoWentBack'); } catch (e) {}
  // The document before this one in the tab and the data writes it had counted when it was left, if any; read once.
  let left = null;
  try { left = JSON.parse(sessionStorage.getItem('__cartoLeft') || 'null'); sessionStorage.removeItem('__cartoLeft'); } catch (e) {}
  return JSON.stringify({ url: location.href, origin, path: location.pathname, hash: location.hash, route, textDigest: (digest >>> 0).toString(16), title: document.title,
           document: performance.timeOrigin, writes: c ? c.writes : null, left,
           status: nav && nav.responseStatus ? nav.responseStatus : null, instrumented: !!c, errors, wentBack, told,
           // The root's value: the beginning of the visible text, what tells apart screens that offer nothing else.
           root: { role: 'window', platformType: 'document', identifier: null, label: document.title || null,
                   value: clean(text),
                   frame: { x: 0, y: 0, width: innerWidth, height: innerHeight }, enabled: true, visible: true,
                   selected: false, actions: [], target: null, locator: null, children } }, wellFormed);
}
