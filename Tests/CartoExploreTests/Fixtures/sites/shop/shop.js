// Shared by the shop's pages: its catalogue and its cart, kept in localStorage as a list of product ids.
const products = [{ id: 1, name: 'Lamp' }, { id: 2, name: 'Chair' }, { id: 3, name: 'Table' }];
const cart = () => JSON.parse(localStorage.getItem('cart') || '[]');
function header() {
  document.body.insertAdjacentHTML('afterbegin',
    '<header><a href="index.html">Catalogue</a> <a href="about.html">About</a> ' +
    '<a href="cart.html" class="cart"><img src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2224%22 height=%2224%22/%3E" alt="Cart" width="24" height="24"></a></header>');
}
