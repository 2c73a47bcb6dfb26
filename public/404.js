/* global window, document */
// A missing address on the static host: go to the app's root, keeping the query string (the
// scenario) and the fragment. The root is where this script is served from.
(function () {
  var script = document.currentScript;
  var root = new URL((script && script.getAttribute('data-root')) || '/', window.location.href);
  window.location.replace(root.pathname + window.location.search + window.location.hash);
})();
