// Conveniences only: every page works without this file.
(function () {
  "use strict";

  // Say the page's verdict, ruling or move in its polite live region: a region filled after the page
  // has loaded is read out; one filled by the server is not.
  var announce = document.getElementById("announce");
  if (announce && announce.getAttribute("data-say")) {
    setTimeout(function () { announce.textContent = announce.getAttribute("data-say"); }, 400);
  }

  // Copy a share link with one tap.
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var field = document.getElementById(button.getAttribute("data-copy"));
      if (field && navigator.clipboard) {
        navigator.clipboard.writeText(field.value).then(function () { button.textContent = "Copied"; });
      }
    });
  });
})();
