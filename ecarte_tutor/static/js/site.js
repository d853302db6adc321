// Conveniences only: every page works without this file.
(function () {
  "use strict";

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
})();
