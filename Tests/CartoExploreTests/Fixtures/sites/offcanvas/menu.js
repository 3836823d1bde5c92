const panel = document.getElementById('panel'), toggle = document.getElementById('toggle');
toggle.addEventListener('click', () => {
  const open = panel.getAttribute('data-visible') !== 'true';
  panel.setAttribute('data-visible', open);
  toggle.setAttribute('aria-expanded', open);
});
