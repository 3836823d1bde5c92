// A cart preview rising from the bottom over a translucent shade, built by script on every page; a "←" that calls
// history.back().
function openSheet() {
  if (!document.getElementById('sheet')) {
    const shade = document.createElement('div');
    shade.className = 'shade';
    shade.onclick = closeSheet;
    const sheet = document.createElement('div');
    sheet.id = 'sheet';
    sheet.innerHTML = '<h2>Cart preview</h2><p>Your cart is empty.</p><button id="close-sheet">Continue shopping</button><button id="open-cart">Open cart</button>';
    document.body.append(shade, sheet);
    document.getElementById('close-sheet').onclick = closeSheet;
    document.getElementById('open-cart').onclick = closeSheet;
  }
  document.body.classList.add('sheet-open');
}
function closeSheet() { document.body.classList.remove('sheet-open'); }
