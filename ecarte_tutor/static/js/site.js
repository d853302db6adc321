// Conveniences only: every page works without this file.
(function () {
  "use strict";

  // On the "is this legal?" form, offer as "the card you want to play" only the cards ticked in the hand.
  var hand = document.querySelector('[data-picker="hand"]');
  var play = document.querySelector('[data-picker="card"]');
  if (hand && play) {
    var sync = function () {
      var held = {};
      var any = false;
      hand.querySelectorAll('input[name="hand"]').forEach(function (box) {
        if (box.checked) { held[box.value] = true; any = true; }
      });
      play.querySelectorAll('input[name="card"]').forEach(function (radio) {
        if (!radio.value) { return; }
        var keep = !any || held[radio.value];
        radio.closest(".pick").classList.toggle("hidden", !keep);
        if (!keep && radio.checked) { radio.checked = false; }
      });
    };
    hand.addEventListener("change", sync);
    sync();
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
