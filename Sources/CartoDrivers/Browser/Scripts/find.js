// The element a locator names, or null. Locators cross into open shadow roots and same-origin frames with ' >>> '
// (`#app >>> button:nth-of-type(2)`): each part is looked up in the shadow root or the frame's document of the
// element before it.
function find(selector) {
  let root = document, el = null;
  for (const part of selector.split(' >>> ')) {
    if (!root) return null;
    el = root.querySelector(part);
    if (!el) return null;
    root = el.shadowRoot || (el.tagName === 'IFRAME' ? (() => { try { return el.contentDocument; } catch (e) { return null; } })() : null);
  }
  return el;
}
