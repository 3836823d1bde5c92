// Sets a form control's value as a person would (select option, range, date), with the input and change events the
// page listens for; true when the element exists (and, for a select, has the option).
// Needs find.js.
function setValue(selector, v) {
  const e = find(selector);
  if (!e) return false;
  if (e.tagName === 'SELECT') {
    // By its value, or by its text as the snapshot reads it (spaces collapsed, cut after 80 characters).
    const text = o => (o.text || '').replace(/\s+/g, ' ').trim();
    const option = [...e.options].find(o => o.value === v) || [...e.options].find(o => text(o) === v)
      || (v.length >= 80 ? [...e.options].find(o => text(o).startsWith(v)) : undefined);
    if (!option) return false;
    e.value = option.value;
  } else if (e.type === 'checkbox' || e.type === 'radio') {
    e.checked = v === 'on' || v === 'true';
  } else {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(e), 'value');
    if (setter && setter.set) setter.set.call(e, v); else e.value = v;
  }
  e.dispatchEvent(new Event('input', { bubbles: true }));
  e.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}
