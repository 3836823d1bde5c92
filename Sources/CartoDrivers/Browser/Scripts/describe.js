// One element found by CSS, described as a snapshot node (JSON text, the shape snapshot.js gives each element), or
// null when there is no such element.
// Needs find.js and element-helpers.js.
function describe(selector) {
  const el = find(selector);
  if (!el) return null;
  const role = roleOf(el) || 'other';
  const r = el.getBoundingClientRect();
  return JSON.stringify({ role, platformType: el.tagName.toLowerCase(), identifier: identifierOf(el),
    label: labelOf(el, role), value: 'value' in el && typeof el.value === 'string' ? el.value : null,
    frame: { x: r.x, y: r.y, width: r.width, height: r.height }, enabled: !el.disabled, visible: isVisible(el), selected: false,
    actions: ['tap'], target: null, locator: 'css selector:' + cssPath(el), children: [] }, wellFormed);
}
