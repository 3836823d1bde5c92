// Installed on every new document (CDP Page.addScriptToEvaluateOnNewDocument), so it sees the page's first
// request and first error. Tracks pending fetch/XHR and the scripts and stylesheets a script adds, short timers,
// a script animation's intervals and animation-frame callbacks (not ones re-armed from their own callback: those
// are clocks and animation loops), structural DOM mutations made by scripts (text-only changes are dynamic text, not work; the parser's are
// covered by the document's ready state), click listeners (the paper's target/action), uncaught errors, unhandled
// rejections and console errors.
// Everything lives in window.__carto, which idle.js and snapshot.js read.
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
  window.clearTimeout = function (id) { c.timers.delete(id); c.intervals.delete(id); return ct(id); };
  // An interval of about a frame (≤ 50 ms) is the clock of a script's animation — jQuery's fadeIn and slideDown
  // tick every 13 ms until it is cleared — not a clock a person reads (a countdown ticks each second). Between two
  // ticks the DOM is quiet for longer than the quiet window whenever the machine is busy, and a snapshot then
  // caught the page mid-animation: a docs site's section, hidden and faded in again after every route change, was
  // a state without its heading on a loaded machine and with it on an idle one. Work until cleared, for at most
  // maxAnimation from its start: one that runs longer is a game's loop or a marquee, which no wait outlasts.
  c.intervals = new Map();
  c.maxAnimation = 1000;
  const si = window.setInterval.bind(window), ci = window.clearInterval.bind(window);
  window.setInterval = function (fn, delay, ...args) {
    const id = si(fn, delay, ...args);
    if ((Number(delay) || 0) <= 50) c.intervals.set(id, performance.now());
    return id;
  };
  window.clearInterval = function (id) { c.intervals.delete(id); c.timers.delete(id); return ci(id); };
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
  // Each of `names` on `target` (an object or a prototype), when there, is tracked until the promise it returns settles.
  const trackAll = (target, names) => {
    if (!target) return;
    for (const name of names) {
      const method = target[name];
      if (typeof method === 'function') target[name] = function (...a) { return tracked(method, this, a); };
    }
  };
  trackAll(window, ['fetch']);
  if (window.Response) trackAll(Response.prototype, ['json', 'text', 'arrayBuffer', 'blob', 'formData']);
  // Browser work a page awaits before it draws, outside its own requests: registering a service worker (the browser
  // fetches the worker's script), the Cache API an offline-first app reads its shell from, and IndexedDB (an open,
  // a transaction: the page draws in its requests' callbacks, which run before the transaction completes). With a
  // quiet window of a frame, a job board awaiting `navigator.serviceWorker.register` before its first render was
  // snapped as its bare shell when the machine was busy and with its jobs when it was idle. (`serviceWorker.ready`
  // is left alone: without a worker it never settles.)
  if (window.ServiceWorkerContainer) trackAll(ServiceWorkerContainer.prototype, ['register', 'getRegistration', 'getRegistrations']);
  if (window.CacheStorage) trackAll(CacheStorage.prototype, ['open', 'match', 'has', 'keys', 'delete']);
  if (window.Cache) trackAll(Cache.prototype, ['match', 'matchAll', 'add', 'addAll', 'put', 'delete', 'keys']);
  // Pending until the first of `events` on `target`; returns what ends it early (a call that throws).
  const untilEvent = (target, events) => {
    c.pending++;
    let done = false;
    const finish = () => { if (!done) { done = true; settled(); } };
    for (const type of events) target.addEventListener(type, finish);
    return finish;
  };
  // `name` on `proto`, when there, is tracked until the first of `events` on what it returns (an IDBRequest, a transaction).
  const trackUntil = (proto, name, events) => {
    const method = proto && proto[name];
    if (typeof method === 'function') proto[name] = function (...a) { const r = method.apply(this, a); untilEvent(r, events); return r; };
  };
  trackUntil(window.IDBFactory && IDBFactory.prototype, 'open', ['success', 'error', 'blocked']);
  trackUntil(window.IDBDatabase && IDBDatabase.prototype, 'transaction', ['complete', 'abort', 'error']);
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...a) {
    const finish = untilEvent(this, ['loadend']);
    try { return send.apply(this, a); } catch (e) { finish(); throw e; }
  };
  const listen = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if ((type === 'click' || type === 'pointerup' || type === 'touchend' || type === 'mouseup') && this instanceof Element) c.clickable.add(this);
    if ((type === 'hashchange' || type === 'popstate') && this === window) c.hashListened = true;
    return listen.call(this, type, ...rest);
  };
  // A tap's click goes where the finger came down. The browser's touch adjustment moves a tap's click to the
  // neighbour it scores best within a finger's area (24 DIPs), and on a page zoomed out to a quarter that area is
  // ~100 px of the page: a sign-in page whose button lifts on hover, in a blurred card over a slowly turning
  // background, gave every tap on "Login" to the "Forgot password?" link below it and every tap on that link to
  // "Create one" (the touch itself reached the button; only the click moved). A trusted touch click whose target
  // is neither the element the touch began on, nor holds it, nor is held by it, nor is the control of a label
  // holding it, is stopped before the page sees it, and the element touched is clicked instead.
  let touched = null;
  window.addEventListener('touchstart', e => {
    touched = e.isTrusted && e.touches.length === 1 ? { target: e.target, at: performance.now() } : null;
  }, true);
  window.addEventListener('click', e => {
    const tap = touched;
    touched = null;
    if (!tap || !e.isTrusted || performance.now() - tap.at > 1000 || (e.pointerType !== undefined && e.pointerType !== 'touch')) return;
    const meant = tap.target, got = e.target;
    if (!(meant instanceof Element) || !(got instanceof Element) || !meant.isConnected) return;
    if (meant === got || meant.contains(got) || got.contains(meant)) return;
    if (got.labels && [...got.labels].some(label => label.contains(meant))) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (typeof meant.click === 'function') meant.click();
    else meant.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
  }, true);
  // The app scrolling the window itself (a guided tour moving to its next step, a form scrolled to its message):
  // where it puts the window is part of what it shows, and the snapshot is taken there (`scrollHome` in
  // element-helpers.js goes back to the page's top otherwise). What the browser scrolls by itself — to a field a
  // form refused, to a field typed into, to an in-page anchor's section, back to where a page was — and the crawl's
  // own scrolling to what it taps (`c.ours`, own-scroll.js) are not the app's; nor is a script's scrolling after a
  // tap on an in-page anchor (a one-page site's smooth menu): that tap asked for the section, the screen is the same.
  c.appScrolled = false;
  c.anchorTap = false;
  c.appPosition = null;
  // Whether the page was told of a scroll of its window since it loaded (`scrollHome` tells it once otherwise).
  c.scrollSeen = false;
  addEventListener('scroll', e => { if (e.target === document || e.target === window) c.scrollSeen = true; }, { capture: true, passive: true });
  const scrollsWindow = el => el === document.scrollingElement || el === document.documentElement || el === document.body;
  const byApp = () => { if (!c.ours && !c.anchorTap) c.appScrolled = true; };
  for (const name of ['scrollTo', 'scroll', 'scrollBy']) {
    const ofWindow = window[name];
    window[name] = function (...a) { byApp(); return ofWindow.apply(this, a); };
    const ofElement = Element.prototype[name];
    if (ofElement) Element.prototype[name] = function (...a) { if (scrollsWindow(this)) byApp(); return ofElement.apply(this, a); };
  }
  for (const name of ['scrollIntoView', 'scrollIntoViewIfNeeded']) {
    const original = Element.prototype[name];
    if (original) Element.prototype[name] = function (...a) { byApp(); return original.apply(this, a); };
  }
  for (const name of ['scrollTop', 'scrollLeft']) {
    const d = Object.getOwnPropertyDescriptor(Element.prototype, name);
    if (d && d.set) Object.defineProperty(Element.prototype, name, { configurable: true, enumerable: d.enumerable, get: d.get,
      set(v) { if (scrollsWindow(this)) byApp(); d.set.call(this, v); } });
  }
  window.addEventListener('click', e => {
    const a = e.target && e.target.closest ? e.target.closest('a[href^="#"]') : null;
    const id = a ? decodeURIComponent(a.getAttribute('href').slice(1)) : '';
    if (id && !/^[/!]/.test(id) && (document.getElementById(id) || document.getElementsByName(id).length)) { c.anchorTap = true; c.appPosition = null; }
  }, true);
  // A navigation under way (history.back() from a javascript: link, location changes) is work in progress too.
  c.navigating = false;
  // A navigation to a scheme no tab shows (`mailto:`, `tel:`, a payment or chat app's own `upi://…`) hands the URL
  // to another app on a phone. Headless Chromium instead holds the tab at an external-protocol prompt that answers
  // no input event again: one "Pay" button ended a shop's crawl with `driver-error` after 250 events. Refused here,
  // as a person dismissing "Open in …?" would: the app stays on its screen (the URLs kept in `handedOff`).
  c.handedOff = [];
  if (window.navigation) {
    window.navigation.addEventListener('navigate', e => {
      const url = e.destination && e.destination.url;
      if (!url || !e.cancelable || /^(https?|file|about|blob|data|javascript):/i.test(url)) return;
      e.preventDefault();
      c.handedOff.push(url);
    });
  }
  // A traversal within the document (a hash or pushState entry) is over when popstate fires: no reload follows.
  listen.call(window, 'popstate', () => { c.navigating = false; });
  window.addEventListener('beforeunload', () => { c.navigating = true; });
  // The hash route the document shows. `#/…` and `#!…` are routes, less a trailing fragment that names an element
  // (`#/docs#usage`); a plain fragment naming an element (`#pricing`, a table of contents) is a scroll: the route
  // the document showed before it stays (the app ignored it, the browser scrolled). A plain fragment naming no
  // element is a route where the app follows the hash (a `hashchange` or `popstate` listener of its own, or
  // `onhashchange`: a router switching views on `#about`, `#playlist/chill`), else no route (a dead anchor).
  // Followed on every hash change, so a snapshot after several taps still knows where the scroll started from.
  c.names = frag => {
    let id = frag;
    try { id = decodeURIComponent(frag); } catch (e) { /* a malformed escape names nothing decoded */ }
    // `#top` is the top of the document (HTML's indicated part), whether or not an element has that id.
    return id !== '' && (id.toLowerCase() === 'top' || !!(document.getElementById(id) || document.getElementsByName(id)[0]));
  };
  c.route = '';
  c.followRoute = () => {
    const hash = location.hash;
    if (hash.startsWith('#/') || hash.startsWith('#!')) {
      const second = hash.indexOf('#', 1);
      c.route = second > 0 && c.names(hash.slice(second + 1)) ? hash.slice(0, second) : hash;
    } else if (!(hash.length > 1 && c.names(hash.slice(1)))) {
      c.route = hash.length > 1 && (c.hashListened || typeof window.onhashchange === 'function') ? hash : '';
    }
    return c.route;
  };
  listen.call(window, 'hashchange', () => c.followRoute());
  // A form sent without a script's preventDefault navigates, but only after the event: mark it now (the
  // navigation's beforeunload may come after the idle check). Checked once every listener had its turn.
  window.addEventListener('submit', e => {
    const form = e.target;
    st(() => {
      if (e.defaultPrevented || (form && form.getAttribute('target') && form.getAttribute('target') !== '_self')) return;
      c.navigating = true;
      st(() => { c.navigating = false; }, 2000);
    }, 0);
  }, true);
  // A page restored from the back-forward cache keeps its script state: it is not navigating any more.
  window.addEventListener('pageshow', e => { if (e.persisted) { c.navigating = false; c.lastMutation = performance.now(); } });
  // The page going back in its history (a "←" button calling history.back()) lands wherever the history says: the
  // mark, kept in the tab's session storage across the page load it may cause, tells the next snapshot so.
  for (const name of ['back', 'forward', 'go']) {
    const original = history[name].bind(history);
    history[name] = (...a) => {
      if (name === 'back' || (name === 'go' && Number(a[0]) < 0)) { try { sessionStorage.setItem('__cartoWentBack', '1'); } catch (e) {} }
      c.navigating = true; st(() => { c.navigating = false; }, 1000); return original(...a);
    };
  }
  // A script or stylesheet a script adds (a module loader's next module, a bundle's lazy chunk, a theme) is a
  // request in flight until it loads or fails: the page renders after it, often much later than a frame of
  // quiet (a 16 ms quiet window saw the empty page while the loader's first module was on its way). Only
  // elements made by a script count: one the parser made has loaded with the document (readyState covers it),
  // and a script from innerHTML never loads. One that never reports (a stylesheet removed before it loaded)
  // stops counting after 10 s, so it cannot hold every later wait to its timeout.
  const made = new WeakSet(), watched = new WeakSet();
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (name, ...rest) {
    const el = createElement.call(this, name, ...rest);
    if (el.tagName === 'SCRIPT' || el.tagName === 'LINK') made.add(el);
    return el;
  };
  const loads = el => el.tagName === 'SCRIPT'
    ? !!el.src && !el.noModule && /^(module|(text|application)\/(x-)?(java|ecma)script)?$/i.test(el.type.trim())
    : el.tagName === 'LINK' && !!el.href && /(^|\s)stylesheet(\s|$)/i.test(el.rel);
  const watch = el => {
    if (!made.has(el) || watched.has(el) || !el.isConnected || !loads(el)) return;
    watched.add(el);
    c.pending++;
    let done = false;
    const finish = () => { if (!done) { done = true; settled(); } };
    el.addEventListener('load', finish);
    el.addEventListener('error', finish);
    st(finish, 10000);
  };
  // An element whose error handler asks for a source again after it failed, and it fails again (an
  // `<img onerror="this.src = fallback">` whose fallback is out of reach too), requests forever: each request holds
  // the document's load event back, so it never comes; each new source changes the DOM; and the page is so busy that
  // a tap's click waits behind the loop. Once an element failed `retries` times in a row, its later failures no longer
  // reach the page's handlers: the loop ends where the app shows its broken picture anyway, and the document loads.
  // (A point-of-sale app's dish pictures, offline, held every wait of its crawl to the timeout: 1715 s for 300 events.)
  const failures = new WeakMap(), retries = 3;
  window.addEventListener('error', e => {
    const el = e.target;
    if (!(el instanceof Element)) return;
    const count = (failures.get(el) || 0) + 1;
    failures.set(el, count);
    if (count >= retries) e.stopImmediatePropagation();
  }, true);
  // (An element's load event stops at the document, short of the window.)
  document.addEventListener('load', e => { failures.delete(e.target); }, true);
  const observer = new MutationObserver(records => {
    if (document.readyState === 'loading') return;   // the parser building the page: readyState covers it
    let changed = false;
    for (const r of records) {
      if (r.type === 'characterData') continue;
      if (r.type === 'childList') {
        for (const n of r.addedNodes) {
          if (n.nodeType === 3) continue;
          changed = true;
          if (n.nodeType !== 1) continue;
          if (n.tagName === 'SCRIPT' || n.tagName === 'LINK') watch(n);
          else if (n.firstElementChild) for (const inner of n.querySelectorAll('script[src], link[href]')) watch(inner);
        }
        if (!changed && [...r.removedNodes].some(n => n.nodeType !== 3)) changed = true;
      } else changed = true;
    }
    if (changed) c.lastMutation = performance.now();
  });
  const observed = { subtree: true, childList: true, attributes: true, characterData: true };
  observer.observe(document, observed);
  // Web components render inside shadow roots, which a document observer does not see: observe each as it opens.
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (...a) { const root = attachShadow.apply(this, a); observer.observe(root, observed); return root; };
  // Data the app wrote — web storage changed, a cookie set, an IndexedDB record stored, a request that is not a read
  // (POST, PUT, PATCH, DELETE) — counted per document: an event that wrote data did something even where the
  // screen stayed as it was ("Add to cart" tapped once more), and what the app shows elsewhere may have changed
  // (the cart). What a page's load writes comes before the first snapshot of its document and is not the event's.
  c.writes = 0;
  const wrote = () => { c.writes++; };
  // A write followed by a page load (a sign-up form that stores the account, then goes to the sign-in page) is the
  // event's too: the count this document reached goes to the next one of the tab (`left` in the snapshot).
  window.addEventListener('pagehide', () => {
    if (c.writes === 0) return;
    try { sessionStorage.setItem('__cartoLeft', JSON.stringify({ document: performance.timeOrigin, writes: c.writes })); } catch (e) {}
  });
  // (Writes through property assignment, `localStorage.cart = …`, go past these methods: not counted.)
  for (const [name, changes] of [['setItem', (store, k, v) => store.getItem(k) !== String(v)], ['removeItem', (store, k) => store.getItem(k) !== null],
                                 ['clear', store => store.length > 0]]) {
    const original = Storage.prototype[name];
    Storage.prototype[name] = function (...a) { if (changes(this, ...a)) wrote(); return original.apply(this, a); };
  }
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (cookie && cookie.set) {
    Object.defineProperty(Document.prototype, 'cookie', { configurable: true, enumerable: cookie.enumerable, get: cookie.get,
      set(v) { const before = cookie.get.call(this); cookie.set.call(this, v); if (cookie.get.call(this) !== before) wrote(); } });
  }
  if (window.IDBObjectStore) {
    for (const name of ['put', 'add', 'delete', 'clear']) {
      const original = IDBObjectStore.prototype[name];
      if (original) IDBObjectStore.prototype[name] = function (...a) { wrote(); return original.apply(this, a); };
    }
  }
  const reading = m => /^(GET|HEAD|OPTIONS)$/i.test(String(m || 'GET'));
  if (window.fetch) {
    const f = window.fetch;
    window.fetch = function (input, init) {
      if (!reading((init && init.method) || (input && typeof input === 'object' && input.method))) wrote();
      return f.apply(this, arguments);
    };
  }
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, ...rest) { if (!reading(method)) wrote(); return open.call(this, method, ...rest); };
  const clip = s => String(s).slice(0, 500);
  // Native dialogs would block the page (and every DevTools call) until answered: answer them at once, as a
  // user who says OK, and keep their text.
  c.dialogs = [];
  window.alert = m => { c.dialogs.push(clip(m)); };
  window.confirm = m => { c.dialogs.push(clip(m)); return true; };
  // A prompt is answered as a user who types something would (the text the crawl types into a plain field,
  // TextInputKind.freeText): an empty answer is what cancelling gives, and apps refuse it (a playlist never made).
  window.prompt = (m, d) => { c.dialogs.push(clip(m)); return d === undefined || d === null || String(d) === '' ? 'Cartographer' : String(d); };
  // A new window or tab (`window.open`, a link with `target="_blank"`) would take the browser's focus from the page
  // the crawl drives, whose input then waits on a page no longer shown (a tap that never answers): a page of the app
  // opens in this window, as a link does; one elsewhere is not opened, as a link out of the app is never followed.
  // A page of the app is one served over http(s) from its origin: a `blob:` or `data:` document the page made itself
  // (a receipt, a PDF) is none, though a blob's origin is the page's.
  const sameOrigin = url => {
    try { const u = new URL(url, location.href); return /^https?:$/.test(u.protocol) && u.origin === location.origin ? u.href : null; } catch (e) { return null; }
  };
  // A window opened without an address (`window.open('')`, `about:blank`) is one the page writes itself — a print
  // view, a receipt: no page of the app, and not this window's to become. The page gets a window nobody sees: what
  // it writes there goes nowhere, and an address it sends that window to later (opened first, then pointed at a
  // page once a request answered) opens here when it is a page of the app, as an address given at once does.
  const unseenWindow = () => {
    const go = url => { const here = sameOrigin(String(url)); if (here) location.assign(here); };
    const place = { assign: go, replace: go, set href(url) { go(url); }, get href() { return 'about:blank'; } };
    const nothing = () => {};
    return { closed: false, opener: window, close: nothing, focus: nothing, blur: nothing, print: nothing, postMessage: nothing,
             document: { write: nothing, writeln: nothing, open: nothing, close: nothing, body: null, head: null, title: '' },
             get location() { return place; }, set location(url) { go(url); } };
  };
  window.open = url => {
    const address = url === undefined || url === null ? '' : String(url).trim();
    if (address === '' || /^about:/i.test(address)) return unseenWindow();
    const here = sameOrigin(address); if (here) { location.assign(here); return window; } return null;
  };
  document.addEventListener('click', e => {
    const a = e.target && e.target.closest ? e.target.closest('a[href]') : null;
    if (!a || e.defaultPrevented || !a.target || ['_self', '_top', '_parent'].includes(a.target.toLowerCase())) return;
    if (document.querySelector('iframe[name="' + CSS.escape(a.target) + '"]')) return;   // a frame of the page
    e.preventDefault();
    const here = sameOrigin(a.getAttribute('href'));
    if (here) location.assign(here);
  });
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
