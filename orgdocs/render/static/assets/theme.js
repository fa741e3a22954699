/* orgdocs: apply the reader's chosen theme before the first paint (loaded in <head>, tiny on purpose). */
(function () {
  "use strict";
  var theme = null;
  try {
    theme = window.localStorage.getItem("orgdocs:theme");
  } catch (error) {
    theme = null; // storage blocked: follow prefers-color-scheme
  }
  if (theme === "dark" || theme === "light") {
    document.documentElement.setAttribute("data-theme", theme);
  }
})();
