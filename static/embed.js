/* icnplay embed.js: turns placeholders into auto-sizing icnplay frames. No dependencies.

     <div data-icnplay="view=walk&t=lens:p=4,q=4,n=10,completed&v=1"></div>
     <script src="https://example.org/icnplay/embed.js" async></script>

   data-icnplay holds the query of any icnplay view (what follows "?" in its address; a leading
   "?" or a full address is accepted too). Each placeholder becomes an <iframe> of the site this
   script was loaded from, with embed=1 added; its height follows the view's content (the page
   posts {type: "icnplay:height", height, id, v: 1}). Options on the placeholder:
     data-icnplay-title="..."   the frame's accessible title (default: "icnplay: interactive view")
     data-icnplay-height="480"  the height in px before the first message (default 480)
     data-icnplay-loading="lazy" load the frame when it nears the viewport (default: at once)
   Theme: theme= in the query (light, dark) wins; otherwise (theme=auto or none) the frame
   follows this page: light or dark from the colour behind the placeholder, updated when the
   page changes its class, style or data-theme, or the system scheme changes.
   Placeholders added later: call window.icnplayEmbed.scan(). docs/embedding.md has the rest. */
(function () {
  'use strict';
  var script = document.currentScript;
  var site = new URL('./', (script && script.src) || location.href).href;
  var siteOrigin = new URL(site).origin;
  var frames = [];
  var count = 0;

  function luminance(rgb) {
    var m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/.exec(rgb || '');
    if (!m || (m[4] !== undefined && Number(m[4]) === 0)) return null;
    return (0.2126 * m[1] + 0.7152 * m[2] + 0.0722 * m[3]) / 255;
  }

  /** 'light' or 'dark': the colour behind el, else the page's colour scheme and the system's. */
  function hostTheme(el) {
    for (var node = el; node && node.nodeType === 1; node = node.parentElement) {
      var l = luminance(getComputedStyle(node).backgroundColor);
      if (l !== null) return l < 0.5 ? 'dark' : 'light';
    }
    var scheme = getComputedStyle(document.documentElement).colorScheme || '';
    var systemDark = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches;
    return scheme.indexOf('dark') >= 0 && systemDark ? 'dark' : 'light';
  }

  function build(holder) {
    if (holder.getAttribute('data-icnplay-ready')) return;
    var raw = holder.getAttribute('data-icnplay') || '';
    var q = raw.indexOf('?') >= 0 ? raw.slice(raw.indexOf('?') + 1) : raw;
    var params = new URLSearchParams(q.split('#')[0]);
    var fixed = params.get('theme') === 'light' || params.get('theme') === 'dark';
    var id = holder.id || 'icnplay-' + ++count;
    var follow = fixed ? null : hostTheme(holder);
    params.set('embed', '1');
    params.set('id', id);
    if (!params.has('v')) params.set('v', '1');
    if (follow) params.set('theme', 'auto');

    var frame = document.createElement('iframe');
    frame.title = holder.getAttribute('data-icnplay-title') || 'icnplay: interactive view';
    frame.style.cssText = 'display:block;width:100%;border:0;height:' +
      (Number(holder.getAttribute('data-icnplay-height')) || 480) + 'px';
    if (holder.getAttribute('data-icnplay-loading') === 'lazy') frame.loading = 'lazy';
    frame.setAttribute('data-icnplay-frame', id);
    var entry = { frame: frame, id: id, follow: !!follow, theme: follow };
    if (follow) {
      // Later changes of this page's theme arrive as messages.
      frame.addEventListener('load', function () { send(entry); });
    }
    // URLSearchParams writes ':' and ',' escaped; icnplay reads either form. The fragment
    // gives the first paint this page's theme (it is not part of the view's state).
    frame.src = site + '?' + params.toString() + (follow ? '#host-theme=' + follow : '');
    holder.setAttribute('data-icnplay-ready', '1');
    holder.textContent = '';
    holder.appendChild(frame);
    frames.push(entry);
  }

  function send(entry) {
    if (!entry.frame.contentWindow) return;
    entry.frame.contentWindow.postMessage({ type: 'icnplay:theme', theme: entry.theme }, siteOrigin);
  }

  function retheme() {
    frames.forEach(function (entry) {
      if (!entry.follow) return;
      var now = hostTheme(entry.frame.parentElement || document.body);
      if (now === entry.theme) return;
      entry.theme = now;
      send(entry);
    });
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== siteOrigin) return;
    var data = event.data;
    if (!data || data.type !== 'icnplay:height' || typeof data.height !== 'number') return;
    frames.forEach(function (entry) {
      if (entry.frame.contentWindow === event.source) {
        entry.frame.style.height = Math.max(0, Math.ceil(data.height)) + 'px';
      }
    });
  });

  function scan() {
    var holders = document.querySelectorAll('[data-icnplay]');
    for (var i = 0; i < holders.length; i++) build(holders[i]);
  }

  var observer = new MutationObserver(retheme);
  function start() {
    scan();
    var watched = { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] };
    observer.observe(document.documentElement, watched);
    if (document.body) observer.observe(document.body, watched);
    if (window.matchMedia) {
      var mq = matchMedia('(prefers-color-scheme: dark)');
      if (mq.addEventListener) mq.addEventListener('change', retheme);
    }
  }
  window.icnplayEmbed = { scan: scan, site: site };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
