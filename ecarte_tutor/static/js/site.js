// Conveniences only: every page works without this file.
(function () {
  "use strict";

  // Say the page's verdict, ruling or move in its polite live region: a region filled after the page
  // has loaded is read out; one filled by the server is not.
  var announce = document.getElementById("announce");
  if (announce && announce.getAttribute("data-say")) {
    setTimeout(function () { announce.textContent = announce.getAttribute("data-say"); }, 400);
  }

  // An old anchor of a long page (/rules#play.follow-suit) now names its entry in the contents: go on to
  // the part that shows it, as the entry's link does without this script.
  var moved = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (moved && moved.hasAttribute("data-moved")) {
    location.replace(moved.href);
  }

  // Copy a share link with one tap. A relative link (no public address configured) is made whole
  // from the address this browser shows, never from what the server was told its name is.
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    var target = document.getElementById(button.getAttribute("data-copy"));
    if (target && target.value.charAt(0) === "/") {
      target.value = new URL(target.value, window.location.href).href;
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      var field = document.getElementById(button.getAttribute("data-copy"));
      if (field && navigator.clipboard) {
        navigator.clipboard.writeText(field.value).then(function () { button.textContent = "Copied"; });
      }
    });
  });

  // A resume link carries its code in the fragment (/progress/resume#code=…), which no server or proxy
  // sees or logs: put it in the form, and take it out of the address bar and the history.
  var codeField = document.querySelector("input[data-fragment-code]");
  var given = /^#code=([0-9A-Za-z-]{1,40})$/.exec(location.hash);
  if (codeField && given) {
    codeField.value = given[1];
    history.replaceState(null, "", location.pathname + location.search);
  }
})();
