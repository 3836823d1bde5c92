// A promise (for CDP Runtime.evaluate with awaitPromise) that resolves once the document is loaded, no request
// or short timer is pending, no finite animation runs (CSS, or a script's on a short interval), the page is not
// scrolling, no navigation is under way and the DOM has been structurally quiet for quietMs — with takeSnapshot()'s
// answer — or when timeoutMs passed, saying what was busy.
// A wait without a snapshot passes () => null: the page's error buffer then stays for the next observation.
// With `home` (needs element-helpers.js), a page settled away from its top, unless the app scrolled it there, is
// scrolled back to its top once and waited on again before the snapshot: where the crawl last scrolled to tap something is no part of
// the screen, and what a page shows by the scroll position (a "back to top" button, a header that shrinks) would
// otherwise tell one screen's states apart by the order events were fired in. Where the app scrolled to, it stays.
function idle(quietMs, timeoutMs, takeSnapshot, home) {
  return new Promise(done => {
    const t0 = performance.now();
    const c0 = window.__carto;
    const later = (c0 && c0.setTimeout) || setTimeout;
    const frame = (c0 && c0.requestFrame) || requestAnimationFrame;
    // Rendering frames seen by this wait: layout, observers and rAF work of a change run in the frame after it.
    let lastFrame = -1, finished = false;
    const tick = () => { lastFrame = performance.now(); if (!finished) frame(tick); };
    frame(tick);
    // The page scrolling by itself (a script's smooth scroll to a section, `behavior: 'smooth'`): the screen is still
    // moving and a tap now lands on whatever passes under the finger. Its steps run in animation frames that re-arm
    // themselves, which the instrumentation takes for a clock, so the wait watches the scroll position: busy until
    // it has not moved for three frames' time.
    let scrolled = [scrollX, scrollY], lastScroll = -Infinity;
    function check() {
      const c = window.__carto;
      const now = performance.now();
      const animations = document.getAnimations ? document.getAnimations().filter(a => {
        if (a.playState !== 'running') return false;
        const timing = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : null;
        return !timing || timing.iterations !== Infinity;
      }).length : 0;
      const busy = [];
      if (scrollX !== scrolled[0] || scrollY !== scrolled[1]) { scrolled = [scrollX, scrollY]; lastScroll = now; }
      if (now - lastScroll < 50) busy.push('scrolling');
      if (document.readyState !== 'complete') busy.push('document loading');
      if (c && c.navigating) busy.push('navigating');
      if (c && c.pending > 0) busy.push(c.pending + ' request(s)');
      if (c && c.timers.size > 0) busy.push(c.timers.size + ' timer(s)');
      if (c && c.frames && c.frames.size > 0) busy.push(c.frames.size + ' frame callback(s)');
      const ticking = c && c.intervals ? [...c.intervals.values()].filter(start => now - start < c.maxAnimation).length : 0;
      if (ticking > 0) busy.push(ticking + ' animation interval(s)');
      if (animations > 0) busy.push(animations + ' animation(s)');
      const lastMutation = c ? c.lastMutation : t0;
      if (now - lastMutation < quietMs) busy.push('DOM changing');
      // Work an event queued as a task (a javascript: link, a deferred handler) starts after this script, and a
      // change is laid out in the next frame: wait for a frame after both this wait began and the last change.
      // (Pages that draw no frames — hidden ones — get 100 ms instead.)
      const since = Math.max(t0, lastMutation);
      if (lastFrame < since && now - since < 100) busy.push('settling');
      if (busy.length === 0 && home) {
        home = false;
        if (scrollHome()) { lastScroll = now; return later(check, 4); }
      }
      if (busy.length === 0 || now - t0 >= timeoutMs) {
        finished = true;
        // Idle: answer with the snapshot too, saving the driver a round trip per event.
        return done(busy.length === 0 ? { idle: true, waited: now - t0, snapshot: takeSnapshot() }
                                      : { idle: false, waited: now - t0, busy: busy.join(', ') });
      }
      // Check again when the quiet window ends, or soon when something else is pending.
      const quietLeft = quietMs - (now - lastMutation);
      later(check, busy.length === 1 && busy[0] === 'DOM changing' ? Math.max(1, quietLeft) : 4);
    }
    later(check, 0);
  });
}
