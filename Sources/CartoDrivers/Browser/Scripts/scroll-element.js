// Scrolls a scrollable element by most of its height; false when there is no such element.
// Needs find.js and own-scroll.js.
function scrollElement(selector) {
  const e = find(selector);
  if (e) keepingOwnScroll(() => e.scrollBy(0, e.clientHeight * 0.8));
  return !!e;
}
