/* orgdocs: the page an authorization server redirects the request form's pop-up to (oauth2-redirect.html).
 *
 * It reads what the server sent (code, state, error, or an implicit flow's token in the fragment), takes it
 * out of the address bar and the history, and hands it to the page that opened the pop-up: postMessage to
 * the opener, for this origin only, and a BroadcastChannel of this origin (when the server's
 * Cross-Origin-Opener-Policy cut the opener). That page (oauth.js) uses it only if the state is the one it
 * sent. Nothing is stored; nothing is shown but a line saying what happened.
 */
(function () {
  "use strict";
  var params = {};
  [window.location.search.slice(1), window.location.hash.slice(1)].forEach(function (part) {
    new URLSearchParams(part).forEach(function (value, key) { params[key] = value; });
  });
  window.history.replaceState(null, "", window.location.pathname);
  var message = { type: "orgdocs-oauth", params: params };
  var told = false;
  try {
    if (window.opener && window.opener !== window) {
      window.opener.postMessage(message, window.location.origin);
      told = true;
    }
  } catch (error) {
    /* no opener to tell: the channel below */
  }
  try {
    var channel = new BroadcastChannel("orgdocs-oauth");
    channel.postMessage(message);
    channel.close();
    told = true;
  } catch (error) {
    /* an old browser: the opener was the way */
  }
  var said = document.getElementById("said");
  if (!params.state) said.textContent = "This page receives an authorization for the documentation's request form; it got none.";
  else if (told) said.textContent = "The authorization went back to the documentation page. This window can be closed.";
  else said.textContent = "The documentation page could not be told: close this window and authorize again.";
  if (told && params.state) setTimeout(function () { window.close(); }, 100);
})();
