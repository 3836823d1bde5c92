// Scrolls a text field into view, focuses it and (with select) selects its content so the next key replaces it:
// 'empty' or 'filled', or null when the element is missing or cannot take text.
// Needs find.js and own-scroll.js.
function focusForTyping(selector, select) {
  const e = find(selector);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) keepingOwnScroll(() => e.scrollIntoView({ block: 'center', behavior: 'instant' }));
  e.focus();
  // In a shadow root or a frame, the focused element is known to that tree (the document sees the host).
  if (e.getRootNode().activeElement !== e) return null;
  const content = e.isContentEditable ? e.innerText : e.value;
  if (select && content) {
    if (e.isContentEditable) { const range = document.createRange(); range.selectNodeContents(e); const s = getSelection(); s.removeAllRanges(); s.addRange(range); }
    else if (e.select) e.select();
  }
  return content ? 'filled' : 'empty';
}
