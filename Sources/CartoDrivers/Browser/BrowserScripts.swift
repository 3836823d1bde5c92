import Foundation

/// The scripts the browser dialect runs in the page. Kept in one place because they form one protocol:
/// `instrumentation` installs `window.__carto` before any page script, `idle` and `snapshot` read it.
enum BrowserScripts {
    /// Installed on every new document (CDP `Page.addScriptToEvaluateOnNewDocument`), so it sees the page's first
    /// request and first error. Tracks pending fetch/XHR, short timers and animation-frame callbacks (not ones
    /// re-armed from their own callback: those are clocks and animation loops), structural DOM mutations made by
    /// scripts (text-only changes are dynamic text, not work; the parser's are covered by the document's ready
    /// state), click listeners (the paper's target/action), uncaught errors, unhandled rejections and console errors.
    static let instrumentation = #"""
    (() => {
      if (window.__carto) return;
      const c = window.__carto = { pending: 0, timers: new Map(), lastMutation: performance.now(), errors: [],
                                   maxTimer: 3000, clickable: new WeakSet() };
      const st = window.setTimeout.bind(window), ct = window.clearTimeout.bind(window);
      c.setTimeout = st;
      let running = null;
      window.setTimeout = function (fn, delay, ...args) {
        delay = Number(delay) || 0;
        const periodic = running !== null && running.delay === delay;
        const track = delay <= c.maxTimer && !periodic;
        const record = { delay };
        const id = st(function () {
          c.timers.delete(id);
          const previous = running; running = record;
          try { return typeof fn === 'function' ? fn.apply(this, args) : (0, eval)(String(fn)); } finally { running = previous; }
        }, delay);
        if (track) c.timers.set(id, delay);
        return id;
      };
      window.clearTimeout = function (id) { c.timers.delete(id); return ct(id); };
      // Work scheduled for the next frame (frameworks render there). A callback that re-arms itself is a loop.
      const raf = window.requestAnimationFrame.bind(window), caf = window.cancelAnimationFrame.bind(window);
      c.requestFrame = raf;
      c.frames = new Set();
      let inFrame = false;
      window.requestAnimationFrame = function (fn) {
        const loop = inFrame;
        const id = raf(function (t) {
          c.frames.delete(id);
          const previous = inFrame; inFrame = true;
          try { return fn(t); } finally { inFrame = previous; }
        });
        if (!loop) c.frames.add(id);
        return id;
      };
      window.cancelAnimationFrame = function (id) { c.frames.delete(id); return caf(id); };
      // A request counts until the task after it settled: the page's `await` continues in microtasks before that,
      // and reading the body (`response.json()`) is a request of its own — the DOM change comes after both.
      const settled = () => { st(() => { c.pending--; }, 0); };
      // The page gets a promise of its own that settles the same way: one it ignores still reports an unhandled
      // rejection (a smoke-test failure).
      const tracked = (f, self, a) => {
        c.pending++;
        let p;
        try { p = f.apply(self, a); } catch (e) { c.pending--; throw e; }
        return p.then(v => { settled(); return v; }, e => { settled(); throw e; });
      };
      if (window.fetch) {
        const f = window.fetch;
        window.fetch = function (...a) { return tracked(f, this, a); };
      }
      if (window.Response) {
        for (const name of ['json', 'text', 'arrayBuffer', 'blob', 'formData']) {
          const read = Response.prototype[name];
          if (read) Response.prototype[name] = function (...a) { return tracked(read, this, a); };
        }
      }
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (...a) {
        c.pending++;
        let done = false;
        const finish = () => { if (!done) { done = true; settled(); } };
        this.addEventListener('loadend', finish);
        try { return send.apply(this, a); } catch (e) { finish(); throw e; }
      };
      const listen = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (type, ...rest) {
        if ((type === 'click' || type === 'pointerup' || type === 'touchend' || type === 'mouseup') && this instanceof Element) c.clickable.add(this);
        return listen.call(this, type, ...rest);
      };
      // A navigation under way (history.back() from a javascript: link, location changes) is work in progress too.
      c.navigating = false;
      // A traversal within the document (a hash or pushState entry) is over when popstate fires: no reload follows.
      window.addEventListener('popstate', () => { c.navigating = false; });
      window.addEventListener('beforeunload', () => { c.navigating = true; });
      // A form sent without a script's preventDefault navigates, but only after the event: mark it now (the
      // navigation's beforeunload may come after the idle check). Checked once every listener had its turn.
      window.addEventListener('submit', e => {
        const form = e.target;
        st(() => {
          if (e.defaultPrevented || (form && form.target && form.target !== '_self')) return;
          c.navigating = true;
          st(() => { c.navigating = false; }, 2000);
        }, 0);
      }, true);
      // A page restored from the back-forward cache keeps its script state: it is not navigating any more.
      window.addEventListener('pageshow', e => { if (e.persisted) { c.navigating = false; c.lastMutation = performance.now(); } });
      for (const name of ['back', 'forward', 'go']) {
        const original = history[name].bind(history);
        history[name] = (...a) => { c.navigating = true; st(() => { c.navigating = false; }, 1000); return original(...a); };
      }
      const observer = new MutationObserver(records => {
        if (document.readyState === 'loading') return;   // the parser building the page: readyState covers it
        for (const r of records) {
          if (r.type === 'characterData') continue;
          if (r.type === 'childList' && [...r.addedNodes, ...r.removedNodes].every(n => n.nodeType === 3)) continue;
          c.lastMutation = performance.now();
          return;
        }
      });
      const observed = { subtree: true, childList: true, attributes: true, characterData: true };
      observer.observe(document, observed);
      // Web components render inside shadow roots, which a document observer does not see: observe each as it opens.
      const attachShadow = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (...a) { const root = attachShadow.apply(this, a); observer.observe(root, observed); return root; };
      const clip = s => String(s).slice(0, 500);
      // Native dialogs would block the page (and every DevTools call) until answered: answer them at once, as a
      // user who says OK, and keep their text.
      c.dialogs = [];
      window.alert = m => { c.dialogs.push(clip(m)); };
      window.confirm = m => { c.dialogs.push(clip(m)); return true; };
      window.prompt = (m, d) => { c.dialogs.push(clip(m)); return d === undefined ? '' : String(d); };
      window.addEventListener('error', e => {
        if (e.target !== window && e.target && e.target.tagName) return;   // resource load errors are not script errors
        c.errors.push({ kind: 'uncaught error', message: clip(e.message || e.error), location: e.filename ? e.filename + ':' + e.lineno : null });
      }, true);
      window.addEventListener('unhandledrejection', e => {
        c.errors.push({ kind: 'unhandled rejection', message: clip(e.reason && e.reason.message || e.reason), location: null });
      });
      const consoleError = console.error;
      console.error = function (...a) {
        c.errors.push({ kind: 'console error', message: clip(a.map(String).join(' ')), location: null });
        return consoleError.apply(this, a);
      };
    })();
    """#

    /// A promise (for CDP `Runtime.evaluate` with `awaitPromise`) that resolves once the document is loaded, no
    /// request or short timer is pending, no finite animation runs, no navigation is under way and the DOM has been
    /// structurally quiet for `quietMs` — with the snapshot — or when `timeoutMs` passed, saying what was busy.
    /// Without `snapshot` the promise only waits: the page's error buffer stays for the next observation.
    static func idle(quietMilliseconds: Int, timeoutMilliseconds: Int, snapshot withSnapshot: Bool = true) -> String {
        "new Promise(done => {\nconst quietMs = \(quietMilliseconds), timeoutMs = \(timeoutMilliseconds);\n" + idleBody
            + "\nfunction takeSnapshot() {\n" + (withSnapshot ? snapshot : "return null;") + "\n}\n})"
    }

    /// The snapshot as an expression.
    static var snapshotExpression: String { "(() => {\n" + snapshot + "\n})()" }

    /// A JavaScript expression for the element a locator names. Locators cross into open shadow roots and
    /// same-origin frames with ` >>> ` (`#app >>> button:nth-of-type(2)`): each part is looked up in the shadow root
    /// or the frame's document of the element before it.
    static func find(_ cssSelector: String) -> String {
        "((s) => { let root = document, el = null; for (const part of s.split(' >>> ')) { if (!root) return null; el = root.querySelector(part); "
            + "if (!el) return null; root = el.shadowRoot || (el.tagName === 'IFRAME' ? (() => { try { return el.contentDocument; } catch (e) { return null; } })() : null); } return el; })("
            + jsString(cssSelector) + ")"
    }

    /// Finds the element for a CSS locator, scrolls it into view when needed and answers where a finger would touch
    /// it: `[x, y, coveredBy]` in viewport coordinates, `coveredBy` naming what lies on top there (null when the
    /// element itself would get the touch), or null when there is no such element. A covered element is scrolled to
    /// the middle of the screen once more (a sticky header covers only the top) before it counts as covered.
    static func locate(cssSelector: String) -> String {
        """
        (() => {
          const found = \(find(cssSelector));
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
            return [x, y, free ? null : (top ? top.tagName.toLowerCase() + (top.id ? '#' + top.id : '') + (typeof top.className === 'string' && top.className ? '.' + top.className.trim().split(/\\s+/).join('.') : '') : 'nothing')];
          };
          let r = e.getBoundingClientRect();
          if (r.top < 0 || r.left < 0 || r.bottom > view.innerHeight || r.right > view.innerWidth) e.scrollIntoView({ block: 'center', inline: 'nearest' });
          let p = probe();
          if (p[2] !== null) { e.scrollIntoView({ block: 'center', inline: 'nearest' }); p = probe(); }
          let ox = 0, oy = 0;
          for (let w = view; w.frameElement; w = w.parent) { const f = w.frameElement.getBoundingClientRect(); ox += f.left + w.frameElement.clientLeft; oy += f.top + w.frameElement.clientTop; }
          // Touches land in the visual viewport: on a phone-sized screen the visual viewport can be panned against the
          // layout viewport that element rectangles are in (scrollIntoView does). Both are in CSS pixels (measured:
          // a page zoomed out to 0.43 takes touches at its layout coordinates).
          const vv = window.visualViewport;
          return [p[0] + ox - (vv ? vv.offsetLeft : 0), p[1] + oy - (vv ? vv.offsetTop : 0), p[2]];
        })()
        """
    }

    /// Scrolls a scrollable element by most of its height.
    static func scrollElement(cssSelector: String) -> String {
        "(() => { const e = \(find(cssSelector)); if (e) e.scrollBy(0, e.clientHeight * 0.8); return !!e; })()"
    }

    /// A JavaScript expression for the string `s` (JSON is valid JavaScript).
    static func jsString(_ s: String) -> String {
        let array = String(decoding: (try? JSONSerialization.data(withJSONObject: [s])) ?? Data("[\"\"]".utf8), as: UTF8.self)
        return array + "[0]"
    }

    private static let idleBody = #"""
    const t0 = performance.now();
    const c0 = window.__carto;
    const later = (c0 && c0.setTimeout) || setTimeout;
    const frame = (c0 && c0.requestFrame) || requestAnimationFrame;
    // Rendering frames seen by this wait: layout, observers and rAF work of a change run in the frame after it.
    let lastFrame = -1, finished = false;
    const tick = () => { lastFrame = performance.now(); if (!finished) frame(tick); };
    frame(tick);
    function check() {
      const c = window.__carto;
      const now = performance.now();
      const animations = document.getAnimations ? document.getAnimations().filter(a => {
        if (a.playState !== 'running') return false;
        const timing = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : null;
        return !timing || timing.iterations !== Infinity;
      }).length : 0;
      const busy = [];
      if (document.readyState !== 'complete') busy.push('document loading');
      if (c && c.navigating) busy.push('navigating');
      if (c && c.pending > 0) busy.push(c.pending + ' request(s)');
      if (c && c.timers.size > 0) busy.push(c.timers.size + ' timer(s)');
      if (c && c.frames && c.frames.size > 0) busy.push(c.frames.size + ' frame callback(s)');
      if (animations > 0) busy.push(animations + ' animation(s)');
      const lastMutation = c ? c.lastMutation : t0;
      if (now - lastMutation < quietMs) busy.push('DOM changing');
      // Work an event queued as a task (a javascript: link, a deferred handler) starts after this script, and a
      // change is laid out in the next frame: wait for a frame after both this wait began and the last change.
      // (Pages that draw no frames — hidden ones — get 100 ms instead.)
      const since = Math.max(t0, lastMutation);
      if (lastFrame < since && now - since < 100) busy.push('settling');
      if (busy.length === 0 || now - t0 >= timeoutMs) {
        finished = true;
        // Idle: answer with the snapshot too, saving the driver a round trip per event.
        return done(busy.length === 0 ? { idle: true, waited: now - t0, snapshot: takeSnapshot() }
                                      : { idle: false, waited: now - t0, busy: busy.join(', ') });
      }
      // Check again when the quiet window ends, or soon when something else is pending.
      const quietLeft = quietMs - (now - lastMutation);
      later(check, busy.length === 1 && busy[0] === 'DOM changing' ? Math.max(1, quietLeft) : 4);
    }
    later(check, 0);
    """#

    /// How the browser dialect sees one element: role, visibility, CSS path, label. Shared by the snapshot and the
    /// recorder (`carto record`), so recorded targets and replayed snapshots describe elements the same way.
    static let elementHelpers = #"""
    const c = window.__carto;
    const textTypes = { email: 'textField', url: 'textField', tel: 'textField', number: 'textField', text: 'textField',
                        password: 'secureTextField', search: 'searchField', date: 'textField', '': 'textField' };
    function roleOf(el) {
      const tag = el.tagName.toLowerCase();
      const view = el.ownerDocument.defaultView;
      const c = (view && view.__carto) || window.__carto;   // a frame's own instrumentation knows its listeners
      const aria = (el.getAttribute('role') || '').toLowerCase();
      const ariaRoles = { button: 'button', link: 'link', tab: 'tab', tablist: 'tabBar', dialog: 'dialog', alertdialog: 'alert',
                          checkbox: 'checkbox', switch: 'toggle', radio: 'radio', slider: 'slider', textbox: 'textField',
                          searchbox: 'searchField', listbox: 'list', option: 'cell', list: 'list', listitem: 'cell',
                          grid: 'table', row: 'cell', menu: 'menu', menuitem: 'menuItem', navigation: 'toolbar',
                          heading: 'heading', img: 'image', progressbar: 'progressIndicator',
                          alert: 'alert', status: 'staticText' };  // live regions: what the user is told
      if (ariaRoles[aria]) return ariaRoles[aria];
      switch (tag) {
        case 'a': return el.hasAttribute('href') ? 'link' : (c && c.clickable.has(el) || el.onclick ? 'button' : null);
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
        case 'img': case 'svg': case 'video': case 'canvas': return 'image';
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
      // button of its own: its controls are.
      if ((c && c.clickable.has(el) || el.hasAttribute('onclick')) &&
          !(el.children.length && el.querySelector('a[href], button, input, select, textarea, [role=button], [onclick]'))) return 'button';
      if (el.hasAttribute('contenteditable') && el.getAttribute('contenteditable') !== 'false') return 'textView';
      return null;
    }
    // A transparent checkbox or radio over a picture of one is the usual custom control (TodoMVC's toggles):
    // transparent, it is still what a finger touches, so opacity hides everything but those.
    function isVisible(el) {
      const overlay = el.tagName === 'INPUT' && ['checkbox', 'radio', 'file'].includes((el.type || '').toLowerCase());
      if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true, opacityProperty: !overlay })) return false;
      const r = el.getBoundingClientRect();
      // Off-canvas (a side menu slid out of view with translateX(-100%)): left or right of the viewport, where no
      // scrolling brings it. Below the fold still counts: scrolling shows it.
      const view = el.ownerDocument.defaultView;
      if (r.width > 0 && (r.right <= 0 || r.left >= view.innerWidth)) return false;
      if (r.width > 0 && r.height > 0) return true;
      // An inline element around blocks (`<a href="#/"><h1>todos</h1></a>`) or one with `display: contents` has no
      // box of its own: it shows what its children show.
      const display = getComputedStyle(el).display;
      return (display === 'inline' || display === 'contents') && [...el.children].some(isVisible);
    }
    // Relative to the element's own tree; a shadow root's or a frame's path is its host's path, ' >>> ', its own.
    function cssPath(el) {
      const parts = [];
      const root = el.getRootNode();
      let anchored = false;
      for (let n = el; n && n.nodeType === 1 && n !== root.documentElement; n = n.parentElement) {
        if (n.id && root.querySelectorAll('#' + CSS.escape(n.id)).length === 1) { parts.unshift('#' + CSS.escape(n.id)); anchored = true; break; }
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
    const clean = s => { s = (s || '').replace(/\s+/g, ' ').trim(); return s ? s.slice(0, 200) : null; };
    function labelOf(el, role) {
      const aria = el.getAttribute('aria-label');
      if (aria) return clean(aria);
      const labelledBy = el.getAttribute('aria-labelledby');
      if (labelledBy) { const r = el.getRootNode(); const l = r.getElementById ? r.getElementById(labelledBy) : document.getElementById(labelledBy); if (l) return clean(l.textContent); }
      if (el.labels && el.labels.length) return clean(el.labels[0].textContent);
      if (role === 'image') return clean(el.getAttribute('alt') || el.getAttribute('title'));
      if (el.tagName === 'INPUT' && ['submit', 'button', 'reset'].includes((el.type || '').toLowerCase())) return clean(el.value || el.getAttribute('title'));
      if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') return clean(el.getAttribute('placeholder') || el.getAttribute('name') || el.getAttribute('title'));
      if (['list', 'table', 'form', 'dialog', 'toolbar', 'tabBar'].includes(role)) return clean(el.getAttribute('name') || el.getAttribute('title'));
      return clean(el.innerText !== undefined ? el.innerText : el.textContent);
    }
    """# + "\n"

    /// Sync script (returns JSON text, decoded in one pass): the screen as a tree of the elements a user sees or acts on, plus context and drained failures.
    /// Locators are CSS paths anchored at the nearest unique id. With an open modal dialog, only its content is
    /// actionable (the rest is inert, as for a user).
    static let snapshot = elementHelpers + #"""
    const modal = document.querySelector('dialog:modal') ||
      [...document.querySelectorAll('[aria-modal="true"]')].find(isVisible) || null;
    // A backdrop without ARIA (a fixed element over the whole viewport, as hand-made dialogs use): what lies under
    // it cannot be touched, as for a user, whose tap would land on the backdrop.
    const backdrop = modal ? null : (() => {
      const w = innerWidth, h = innerHeight;
      for (let n = document.elementFromPoint(w / 2, h / 2); n && n !== document.body && n !== document.documentElement; n = n.parentElement) {
        if (getComputedStyle(n).position !== 'fixed') continue;
        const r = n.getBoundingClientRect();
        if (r.left <= 1 && r.top <= 1 && r.right >= w - 1 && r.bottom >= h - 1) return n;
      }
      return null;
    })();
    // Whether `a` holds `b`, across shadow roots.
    const holds = (a, b) => { for (let n = b; n; n = n.parentNode || n.host) { if (n === a) return true; } return false; };
    function underBackdrop(el) {
      if (!backdrop || el.ownerDocument !== document || holds(backdrop, el) || holds(el, backdrop)) return false;
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;   // the backdrop stays put when scrolling
      const hit = document.elementFromPoint(x, y);
      return !!hit && holds(backdrop, hit);
    }
    // A control that only hovering its row shows (opacity 0 until :hover, as delete buttons often are) still takes a
    // tap where it sits: a finger on a phone finds it. It stays invisible for the abstraction.
    function revealedOnHover(el) {
      if (!el.closest || !el.closest('li, tr, [role="row"], [role="listitem"]')) return false;
      if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) return false;
      const r = el.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) return false;
      const hit = (el.getRootNode().elementFromPoint ? el.getRootNode() : el.ownerDocument).elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (hit === el || el.contains(hit));
    }
    const origin = location.origin;
    const selectedClasses = new Set(['selected', 'active', 'current', 'is-active', 'is-selected', 'is-current', 'router-link-exact-active']);
    function build(el, parentInert) {
      const role = roleOf(el);
      const inert = parentInert || (modal !== null && !modal.contains(el) && !el.contains(modal)) || el.inert;
      let node = null;
      if (role) {
        // An empty list has no height but is on screen (an empty inbox): only styles hide it.
        // A checkbox drawn by its label (TodoMVC's toggle-all: a 1 px input off to the side, the label is what one
        // sees and touches) is on screen when its label is.
        const visible = (role === 'list' || role === 'table') && el.children.length === 0 && el.checkVisibility
          ? el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
          : isVisible(el) || ((role === 'checkbox' || role === 'radio') && !!el.labels && [...el.labels].some(isVisible));
        const r = el.getBoundingClientRect();
        const disabled = el.disabled === true || el.getAttribute('aria-disabled') === 'true';
        const actions = [];
        let target = null;
        const tag = el.tagName.toLowerCase();
        // Same-origin targets without the origin: the model stays the same when the app is served elsewhere.
        const local = u => u && u.startsWith(origin + '/') ? u.slice(origin.length) : (u || null);
        if (role === 'link') target = local(el.href);
        else if (role === 'form') target = local(el.action);
        else if (c && c.clickable.has(el) || el.hasAttribute('onclick')) target = 'click';
        else if (tag === 'button' || (tag === 'input' && el.type === 'submit')) target = el.form ? 'submit' : null;
        const tappable = ['button', 'link', 'tab', 'checkbox', 'radio', 'toggle', 'menuItem'].includes(role);
        if (!inert && !visible && !disabled && tappable && revealedOnHover(el)) actions.push('tap');
        if (!inert && visible && !disabled && !(tappable && underBackdrop(el))) {
          if (tappable) actions.push('tap');
          else if (role === 'cell' && (target === 'click' || el.querySelector('a[href], button, [onclick]'))) actions.push('tap');
          if (['textField', 'secureTextField', 'searchField', 'textView'].includes(role) && !el.readOnly) actions.push('tap', 'type');
          if (role === 'picker' || role === 'slider') actions.push('setValue');
          if ((role === 'list' || role === 'table' || role === 'webView') && el.scrollHeight > el.clientHeight + 4 &&
              ['auto', 'scroll'].includes(getComputedStyle(el).overflowY)) actions.push('scroll');
        }
        let value = null;
        if ('value' in el && typeof el.value === 'string' && role !== 'button') value = el.type === 'password' ? (el.value ? '••••' : null) : clean(el.value);
        if (role === 'checkbox' || role === 'radio' || role === 'toggle') value = el.checked === undefined ? el.getAttribute('aria-checked') : String(el.checked);
        const platformType = tag === 'input' ? 'input[type=' + (el.getAttribute('type') || 'text').toLowerCase() + ']' : tag + (el.getAttribute('role') ? '[role=' + el.getAttribute('role') + ']' : '');
        // The current tab or filter as the page shows it: ARIA first, else the class names apps and CSS frameworks mark
        // it with (TodoMVC's `a.selected`, Bootstrap's `li.active > a`, `is-active`, `current`).
        const marked = n => n && n.classList && [...n.classList].some(k => selectedClasses.has(k));
        const selected = el.getAttribute('aria-selected') === 'true' || el.getAttribute('aria-current') === 'page' || el.selected === true ||
          (['link', 'tab', 'menuItem', 'button'].includes(role) && el.getAttribute('aria-selected') !== 'false' &&
           (marked(el) || (role === 'link' && el.parentElement && el.parentElement.tagName === 'LI' && marked(el.parentElement))));
        node = { role, platformType, identifier: el.id || el.getAttribute('data-testid') || el.getAttribute('name') || null,
                 label: labelOf(el, role), value, frame: { x: r.x, y: r.y, width: r.width, height: r.height },
                 enabled: !disabled, visible, selected, actions, target, locator: 'css selector:' + cssPath(el), children: [] };
      }
      const kids = [];
      for (const child of renderedChildren(el)) {
        const built = build(child, inert);
        if (built === null) continue;
        if (Array.isArray(built)) kids.push(...built); else kids.push(built);
      }
      if (node) { node.children = kids; return node; }
      return kids.length ? kids : null;
    }
    const body = document.body;
    const children = body ? [].concat(build(body, false) || []) : [];
    const nav = performance.getEntriesByType('navigation')[0];
    const errors = c ? c.errors.splice(0) : [];
    return JSON.stringify({ url: location.href, origin, path: location.pathname, hash: location.hash, title: document.title,
             status: nav && nav.responseStatus ? nav.responseStatus : null, instrumented: !!c, errors,
             // The root's value: the beginning of the visible text, what tells apart screens that offer nothing else.
             root: { role: 'window', platformType: 'document', identifier: null, label: document.title || null,
                     value: body ? clean(body.innerText) : null,
                     frame: { x: 0, y: 0, width: innerWidth, height: innerHeight }, enabled: true, visible: true,
                     selected: false, actions: [], target: null, locator: null, children } });
    """#
}
