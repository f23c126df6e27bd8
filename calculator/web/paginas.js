// Runs `iniciar` for every page shown. With Material's instant navigation a
// module is evaluated once per full load, and document$ tells it about the
// first page and every page reached without a full load (the worker stays
// alive meanwhile); without it, once the document is ready.
export function enCadaPagina(iniciar) {
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => iniciar());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", iniciar);
  } else {
    iniciar();
  }
}
