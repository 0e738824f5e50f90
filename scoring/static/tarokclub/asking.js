/*
 * Asking before what cannot be taken back.
 *
 * A form (or the button pressed) marked data-confirm="Close round 2? …" is sent only once the
 * person says yes to that question. The listener runs in the capture phase, before any other
 * (outbox.js sends forms by itself), and stops a "no" there. Without JavaScript the form is sent
 * at once, as every other form; the actions it guards that can be undone say how on their page.
 */
(function () {
  "use strict";
  document.addEventListener(
    "submit",
    function (event) {
      var asked = (event.submitter && event.submitter.dataset.confirm) || event.target.dataset.confirm;
      if (asked && !window.confirm(asked)) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    },
    true
  );
})();
