/* orgdocs: apply the reader's chosen theme before the first paint (loaded in <head>, tiny on purpose). */
(function () {
  "use strict";
  var theme = null;
  try {
    theme = window.localStorage.getItem("orgdocs:theme");
  } catch (error) {
    theme = null; // storage blocked: follow prefers-color-scheme
  }
  // scripts run: site.css lays out the tabs of samples and examples before they are made, so nothing moves
  document.documentElement.classList.add("js");
  if (theme === "dark" || theme === "light") {
    document.documentElement.setAttribute("data-theme", theme);
  }
})();
