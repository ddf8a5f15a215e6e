/* icnplay: runs in <head> before the first paint (a file, not inline script, so that a strict
   Content-Security-Policy `script-src 'self'` allows it). No dependencies.

   - theme=light|dark sets <html data-theme>, which the stylesheet reads; theme=auto (or none)
     follows prefers-color-scheme, or the host page when embedded (#host-theme=… for the first
     paint, then the message below).
   - embed=1 sets <html data-embed> (no minimum height, no site chrome) and, inside a frame,
     posts the content height to the parent whenever it changes (ResizeObserver, and a
     MutationObserver for frames outside the viewport, whose rendering browsers pause):
       { type: "icnplay:height", height: <CSS px, integer>, id: <the id= parameter or null>, v: 1 }
   - An embedding page may set the theme of an embedded view that was not given a fixed one:
       frame.contentWindow.postMessage({ type: "icnplay:theme", theme: "dark" }, origin)
   docs/embedding.md documents both messages. */
(function () {
  'use strict';
  var query = new URLSearchParams(location.search);
  var root = document.documentElement;
  var theme = query.get('theme');
  var fixed = theme === 'light' || theme === 'dark';
  if (fixed) root.setAttribute('data-theme', theme);
  // embed.js passes the host page's theme for the first paint: #host-theme=light|dark.
  var hinted = /(?:^#|&)host-theme=(light|dark)(?:&|$)/.exec(location.hash);
  if (!fixed && hinted) root.setAttribute('data-theme', hinted[1]);

  var embed = query.get('embed') === '1' || query.get('embed') === 'true' || query.get('embed') === 'yes';
  if (!embed) return;
  root.setAttribute('data-embed', '1');
  var framed = window.parent && window.parent !== window;
  if (!framed) return;

  var id = query.get('id');
  id = id ? id.slice(0, 64) : null;
  var last = '';
  function post() {
    if (!document.body) return;
    var height = Math.ceil(document.body.getBoundingClientRect().height);
    // The frame's width too: the Embed panel records a height per width.
    var width = window.innerWidth;
    if (height + '@' + width === last) return;
    last = height + '@' + width;
    // The height is not a secret: any embedding page may read it.
    window.parent.postMessage({ type: 'icnplay:height', height: height, width: width, id: id, v: 1 }, '*');
  }
  // Browsers pause rendering (and so ResizeObserver) in cross-origin frames outside the
  // viewport; DOM changes are still seen by a MutationObserver, which measures shortly after.
  var pending = 0;
  function soon() {
    if (pending) return;
    pending = setTimeout(function () {
      pending = 0;
      post();
    }, 30);
  }
  function watch() {
    post();
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(post).observe(document.body);
    }
    new MutationObserver(soon).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
  }
  if (document.body) watch();
  else document.addEventListener('DOMContentLoaded', watch);
  window.addEventListener('load', post);

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || fixed) return;
    var data = event.data;
    if (!data || data.type !== 'icnplay:theme') return;
    if (data.theme === 'light' || data.theme === 'dark') root.setAttribute('data-theme', data.theme);
    else if (data.theme === 'auto') root.removeAttribute('data-theme');
  });
})();
