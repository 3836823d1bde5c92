// Runs act, the crawl's own scrolling of the page (to bring what it taps, types into or swipes into view), so that
// the instrumentation does not take it for the app's (`c.appScrolled`, instrumentation.js): the window goes back to
// the page's top for the snapshot (`scrollHome`, element-helpers.js). Moved by the crawl, the window is no longer
// where the app put it.
function keepingOwnScroll(act) {
  const c = window.__carto;
  if (!c) return act();
  const before = [scrollX, scrollY];
  c.ours = true;
  try { return act(); } finally {
    c.ours = false;
    if (scrollX !== before[0] || scrollY !== before[1]) c.appPosition = null;
  }
}
