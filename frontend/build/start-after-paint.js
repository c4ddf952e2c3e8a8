// The one script a prerendered page names. The page is on screen before any script runs, so its
// scripts (the app's, or the SOS page's own) are fetched once it has painted a frame: on one bar of signal they never compete
// with the page itself, and the call and SMS links work meanwhile. Where frames never come (a tab
// opened in the background) they are fetched after a short wait instead.
const { app, preload } = document.querySelector('script[data-app]').dataset;
let started = false;

function start() {
  if (started) return;
  started = true;
  for (const href of preload.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(app);
}

// The first frame's callback runs before that frame is painted; the next frame's, after it.
requestAnimationFrame(() => requestAnimationFrame(start));
setTimeout(start, 500);
