// paintFirst starts the app on a page the server painted (issue 14 first
// paint; functions/seo/shell.go writes this script instead of the entry's
// <script type="module"> tags). The painted page is already what the
// shopper came for, so the app's scripts are fetched only once it is on
// screen: until then the page's CSS and photo have the network to
// themselves (on a phone the ~160 KB entry would share it with the photo),
// and no script runs before the first frame.
// A plain script, not a module: the page's CSP allows only scripts from
// its own origin, so this is a file and not inline.
(function () {
  var boot = document.currentScript;
  var started = false;
  function urls(name) {
    return (boot.getAttribute(name) || '').split(' ').filter(Boolean);
  }
  function start() {
    if (started) return;
    started = true;
    // The route page's chunks (data-preload) download beside the entry,
    // which imports them once it runs (web/src/main.tsx).
    urls('data-preload').forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    urls('data-entry').forEach(function (src) {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      document.head.appendChild(script);
    });
  }
  // Two things before the app: the window's load (the painted images are
  // in) and the first contentful paint (reported once it is on screen:
  // a same-origin navigation can hold the paint after frames have run),
  // then two frames for the photo's own paint.
  var waiting = 2;
  function ready() {
    if (--waiting) return;
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start);
      });
    });
  }
  // The document is cached without its query string (CloudFront forwards
  // none): a listing (or a dealership's search) painted for the plain URL does not show this URL's
  // cars when it has one, so they go before they paint, and the app (which
  // searches for this URL) starts at once.
  var root = document.getElementById('root');
  var paint = root && root.getAttribute('data-paint');
  if (location.search && (paint == 'listing' || paint == 'dealership-cars')) {
    var wrong = root.querySelectorAll('.listing__body, .listing__count');
    for (var i = 0; i < wrong.length; i++) wrong[i].remove();
    return start();
  }
  // A hidden tab paints nothing (and runs no frames): start at once. A
  // shopper who taps or types before then has the app fetched at once.
  if (document.visibilityState !== 'visible') return start();
  document.addEventListener('visibilitychange', start, { once: true });
  addEventListener('pointerdown', start, { once: true, capture: true });
  addEventListener('keydown', start, { once: true, capture: true });
  if (document.readyState === 'complete') ready();
  else addEventListener('load', ready, { once: true });
  if (typeof PerformanceObserver != 'function' || (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') < 0) ready();
  else
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        ready();
      }
    }).observe({ type: 'paint', buffered: true });
})();
