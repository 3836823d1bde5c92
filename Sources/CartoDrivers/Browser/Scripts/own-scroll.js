// Runs act (which may scroll the window to bring an element into view: a tap's, a typing's or a swipe's) and notes
// where it left the window when it moved it, for `scrollHome` (element-helpers.js): a screen is looked at from the
// page's top only when the crawl's own scrolling put the window where it is. When the app moved it since (a guided
// tour scrolling to its next step, a link to a section), that position is part of what the app shows and stays.
function keepingOwnScroll(act) {
  const before = [scrollX, scrollY];
  const result = act();
  const c = window.__carto;
  if (c) c.ownScroll = scrollX !== before[0] || scrollY !== before[1] ? [scrollX, scrollY] : null;
  return result;
}
