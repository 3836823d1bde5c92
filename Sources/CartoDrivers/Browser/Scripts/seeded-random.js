// Installed on every new document before the page's scripts when the crawl seeds the page's randomness: Math.random,
// crypto.getRandomValues and crypto.randomUUID answer from one generator started afresh with the same seed in each
// document. An app that seeds its first screen at random (sample data, a shuffled deck, a random quote) otherwise
// shows a different app on each run and after each reset: the crawl replays a path to a state and meets other
// content, and two runs of one crawl give two models (a habit tracker seeding random completions made its Home
// list one shape in one run and two in the next). Same seed, same app; another seed (`--seed`) shows another draw.
// The generator is sfc32 (Chris Doty-Humphrey's small fast counter), its state filled by splitmix32 from the seed.
function seededRandom(high, low) {
  if (window.__cartoRandom) return;
  window.__cartoRandom = true;
  let h = (high ^ 0x9e3779b9) >>> 0;
  const mix = () => {
    h = (h + 0x9e3779b9) >>> 0;
    let z = h ^ (low >>> 0);
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  let a = mix(), b = mix(), c = mix(), d = mix();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  Math.random = function random() { return next() / 4294967296; };
  const cryptoObject = window.crypto;
  if (!cryptoObject) return;
  const fill = function getRandomValues(array) {
    if (!ArrayBuffer.isView(array)) throw new TypeError('getRandomValues: argument is not a typed array');
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
    return array;
  };
  try { Object.defineProperty(cryptoObject, 'getRandomValues', { value: fill, configurable: true, writable: true }); } catch (e) {}
  if (cryptoObject.randomUUID) {
    const uuid = function randomUUID() {
      const b = fill(new Uint8Array(16));
      b[6] = (b[6] & 0x0f) | 0x40;   // version 4
      b[8] = (b[8] & 0x3f) | 0x80;   // variant 10
      const hex = [...b].map(x => x.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    };
    try { Object.defineProperty(cryptoObject, 'randomUUID', { value: uuid, configurable: true, writable: true }); } catch (e) {}
  }
}
