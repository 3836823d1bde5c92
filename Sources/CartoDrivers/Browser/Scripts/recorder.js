// The interaction recorder of carto record, installed on every document. It keeps raw interactions in
// window.__cartoRecorder.queue (mirrored to sessionStorage before navigations, so a click that leaves the page is
// not lost) until the driver drains them. Each entry: kind (screen, touch, tap, gesture, change, text, submit,
// scroll, connectivity, lifecycle), ts (ms since 1970), coordinates, and target with the locators replay falls
// back through: id, label, text, role, path (a type-and-index CSS path from body, no ids).
// Listeners are passive and in the capture phase: the page's own handlers run exactly as without recording.
// Typed text of ordinary fields is reported (replay needs it; the log writer masks it); password fields never.
// Needs element-helpers.js.
function installRecorder() {
  if (window.__cartoRecorder) return;
  const KEY = '__cartoRecorderQueue';
  const R = window.__cartoRecorder = { queue: [] };
  try { const saved = sessionStorage.getItem(KEY); if (saved) R.queue = JSON.parse(saved); sessionStorage.removeItem(KEY); } catch (e) {}
  const save = () => { try { if (R.queue.length) sessionStorage.setItem(KEY, JSON.stringify(R.queue)); } catch (e) {} };
  R.drain = () => { const q = R.queue; R.queue = []; try { sessionStorage.removeItem(KEY); } catch (e) {} return JSON.stringify(q, wellFormed); };
  const now = () => performance.timeOrigin + performance.now();
  const push = e => { e.ts = now(); R.queue.push(e); return e; };
  const tappable = new Set(['button', 'link', 'tab', 'checkbox', 'radio', 'toggle', 'menuItem', 'textField', 'secureTextField',
                            'searchField', 'textView', 'picker', 'slider']);
  // The element a tap is for: the nearest ancestor a person would call a control.
  function control(el) {
    for (let n = el; n && n.nodeType === 1 && n !== document.body; n = n.parentElement) {
      const role = roleOf(n);
      if (role && tappable.has(role)) return n;
      if (role === 'cell' && listensForTaps(n)) return n;
    }
    return null;
  }
  function positionalPath(el) {
    const parts = [];
    for (let n = el; n && n.nodeType === 1 && n !== document.body && n !== document.documentElement; n = n.parentElement) {
      let i = 1;
      for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === n.tagName) i++;
      parts.unshift(n.tagName.toLowerCase() + ':nth-of-type(' + i + ')');
    }
    return 'css selector:body > ' + parts.join(' > ');
  }
  function describe(el) {
    const role = roleOf(el) || 'other';
    const text = clean(el.innerText !== undefined ? el.innerText : el.textContent);
    return { role, id: identifierOf(el), label: labelOf(el, role),
             text: text ? cut(text, 80) : null, path: positionalPath(el), secure: el.type === 'password' };
  }
  const screenOf = () => {
    const route = location.hash.startsWith('#/') || location.hash.startsWith('#!') ? location.hash : '';
    const path = location.pathname.endsWith('/index.html') ? location.pathname.slice(0, -10) : location.pathname;
    return { screen: document.title || path, container: path + route };
  };
  const announce = () => push(Object.assign({ kind: 'screen', url: location.href, width: innerWidth, height: innerHeight }, screenOf()));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', announce, { once: true }); else announce();
  addEventListener('hashchange', announce);
  addEventListener('popstate', announce);
  addEventListener('pagehide', save);

  // Touches and gestures from pointer events (touch, pen and mouse alike).
  let down = null, scrolledDuringGesture = false;
  addEventListener('pointerdown', e => {
    down = { x: e.clientX, y: e.clientY, t: now(), id: e.pointerId, path: [[e.clientX, e.clientY]], target: e.target };
    scrolledDuringGesture = false;
    push({ kind: 'touch', phase: 'began', x: e.clientX, y: e.clientY, pointer: e.pointerId });
  }, { capture: true, passive: true });
  addEventListener('pointermove', e => {
    if (!down || e.pointerId !== down.id) return;
    const last = down.path[down.path.length - 1];
    if (Math.abs(e.clientX - last[0]) + Math.abs(e.clientY - last[1]) >= 8 && down.path.length < 64) down.path.push([e.clientX, e.clientY]);
  }, { capture: true, passive: true });
  const up = (e, cancelled) => {
    if (!down || e.pointerId !== down.id) return;
    const start = down; down = null;
    push({ kind: 'touch', phase: cancelled ? 'cancelled' : 'ended', x: e.clientX, y: e.clientY, pointer: e.pointerId });
    const dx = e.clientX - start.x, dy = e.clientY - start.y, duration = now() - start.t;
    if (Math.hypot(dx, dy) >= 30) {
      start.path.push([e.clientX, e.clientY]);
      const direction = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up');
      const el = control(start.target) || start.target;
      push({ kind: 'gesture', gesture: duration < 700 ? 'swipe' : 'pan', direction, x: start.x, y: start.y, path: start.path,
             durationMs: duration, recognised: scrolledDuringGesture, target: describe(el) });
    } else if (duration >= 500 && !cancelled) {
      const el = control(start.target);
      push({ kind: 'gesture', gesture: 'longPress', x: start.x, y: start.y, durationMs: duration,
             recognised: !!(el && (c && c.clickable.has(el))), target: describe(el || start.target) });
    }
  };
  addEventListener('pointerup', e => up(e, false), { capture: true, passive: true });
  addEventListener('pointercancel', e => up(e, true), { capture: true, passive: true });

  // Taps: the click the browser synthesises; recognised when it lands on a control.
  addEventListener('click', e => {
    const el = control(e.target);
    push({ kind: 'tap', x: e.clientX, y: e.clientY, recognised: !!el, target: describe(el || e.target) });
    save();   // a navigation may follow at once
  }, { capture: true, passive: true });
  addEventListener('dblclick', e => {
    const el = control(e.target);
    push({ kind: 'gesture', gesture: 'doubleTap', x: e.clientX, y: e.clientY, recognised: !!el, target: describe(el || e.target) });
  }, { capture: true, passive: true });

  // Text: one entry per field when the person leaves it or presses Enter, not per keystroke.
  const typed = new WeakMap();
  const isText = el => el && (el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && !['checkbox', 'radio', 'range', 'button', 'submit', 'reset', 'file', 'image', 'color'].includes(el.type)) || el.isContentEditable);
  const flushText = el => {
    if (!isText(el)) return;
    const value = el.isContentEditable ? el.innerText : el.value;
    if (typed.get(el) === value) return;
    typed.set(el, value);
    const secure = el.type === 'password';
    push({ kind: 'text', length: value.length, secure, text: secure ? null : value, target: describe(el) });
    save();
  };
  addEventListener('change', e => {
    const el = e.target;
    if (isText(el)) return flushText(el);
    const role = roleOf(el);
    let value = el.value;
    if (el.type === 'checkbox' || el.type === 'radio') value = el.checked ? 'on' : 'off';
    else if (el.tagName === 'SELECT' && el.selectedOptions[0]) value = el.selectedOptions[0].value;
    push({ kind: 'change', control: role === 'toggle' || el.type === 'checkbox' ? 'switch' : role || 'control', value: String(value), target: describe(el) });
    save();
  }, { capture: true, passive: true });
  addEventListener('focusout', e => flushText(e.target), { capture: true, passive: true });
  addEventListener('keydown', e => {
    if (e.key !== 'Enter' || !isText(e.target) || e.target.tagName === 'TEXTAREA') return;
    flushText(e.target);
    push({ kind: 'submit', target: describe(e.target) });
    save();
  }, { capture: true, passive: true });

  // Scrolls, summed per target and reported at most every 250 ms.
  let scrollTarget = null, scrollDx = 0, scrollDy = 0, scrollTimer = null;
  const positions = new WeakMap();
  addEventListener('scroll', e => {
    scrolledDuringGesture = true;
    const el = e.target === document ? document.scrollingElement : e.target;
    if (!el) return;
    const before = positions.get(el) || [0, 0];
    const pos = [el.scrollLeft, el.scrollTop];
    positions.set(el, pos);
    if (scrollTarget && scrollTarget !== el) flushScroll();
    scrollTarget = el; scrollDx += pos[0] - before[0]; scrollDy += pos[1] - before[1];
    if (!scrollTimer) scrollTimer = (c && c.setTimeout || setTimeout)(flushScroll, 250);
  }, { capture: true, passive: true });
  function flushScroll() {
    scrollTimer = null;
    if (!scrollTarget || (scrollDx === 0 && scrollDy === 0)) return;
    const el = scrollTarget === document.scrollingElement ? null : describe(scrollTarget);
    push({ kind: 'scroll', dx: scrollDx, dy: scrollDy, target: el });
    scrollTarget = null; scrollDx = 0; scrollDy = 0;
  }

  addEventListener('online', () => push({ kind: 'connectivity', connected: true, network: (navigator.connection && navigator.connection.type) || 'unknown' }));
  addEventListener('offline', () => push({ kind: 'connectivity', connected: false, network: 'none' }));
  document.addEventListener('visibilitychange', () => push({ kind: 'lifecycle', state: document.visibilityState === 'visible' ? 'foreground' : 'background' }));
}
