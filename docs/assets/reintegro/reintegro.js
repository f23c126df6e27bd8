// Reintegro: retoques de accesibilidad del tema.
// El cuadro de búsqueda de Material tiene role="dialog" sin nombre accesible.
(function () {
  var busqueda = document.querySelector(".md-search[role='dialog']");
  if (busqueda && !busqueda.hasAttribute("aria-label")) {
    busqueda.setAttribute("aria-label", "Búsqueda");
  }
})();
