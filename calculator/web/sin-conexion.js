// Offline: registers the service worker the build writes (sw.js, by
// calculator/hooks/seguridad.py) once the page has shown the first outcome
// of what it computes. Imported for its effect by calculadora.js, on every
// page.

const RAIZ_SITIO = new URL("../../", import.meta.url); // assets/calculadora/ -> site root

// Registered once the page's calculator (or comparison) has shown its first
// outcome (trasElPrimerDesenlace), so its precache never competes with the
// first boot and the first result: its downloads come after. When a new
// build takes over a page that an older one controlled, the page reloads:
// pages and engine always come from the same build (the case is in the address).
// A new build whose install failed (a download kept failing) leaves the one
// in use in charge; ask again a little later, rather than at the next visit.
function reintentarSiFalla(registro, maximo = 3) {
  let intentos = 0;
  const vigilar = (trabajador) => trabajador?.addEventListener("statechange", () => {
    if (trabajador.state !== "redundant" || registro.active === trabajador || intentos >= maximo) return;
    intentos += 1;
    setTimeout(() => registro.update().catch(() => {}), 5000 * intentos);
  });
  vigilar(registro.installing);
  registro.addEventListener("updatefound", () => vigilar(registro.installing));
}

// What computes by itself on a page, and the states that end its first
// computation: a result, an error, or nothing to compute (engine ready with
// an empty form; «Comparar» without a case). See the contracts above and in
// comparacion.js.
const QUE_CALCULA = "[data-calculadora], [data-comparacion]";
const DESENLACES = new Set(["resultado", "error", "listo", "vacio"]);
// A page where nothing computes waits this long (a reader who follows a link
// to a calculator at once then still gets its first result first); a page
// that computes, at most the other (an engine that never answers). After
// the outcome, a short pause leaves the panel's chart (a second request to
// the engine) its turn.
const ESPERA_SIN_CALCULO_MS = 3000;
const ESPERA_MAXIMA_MS = 60000;
const PAUSA_TRAS_DESENLACE_MS = 500;

// Resolves once the page shows the first outcome of what it computes, also
// on a page reached meanwhile by instant navigation (it watches data-estado
// in the whole document), or after ESPERA_SIN_CALCULO_MS if then nothing on
// the page computes, or after ESPERA_MAXIMA_MS whatever happens.
function trasElPrimerDesenlace() {
  return new Promise((resolver) => {
    const hay = () => [...document.querySelectorAll(QUE_CALCULA)];
    const observador = new MutationObserver(() => mirar());
    const relojes = [];
    let terminada = false;
    const terminar = () => {
      if (terminada) return;
      terminada = true;
      observador.disconnect();
      relojes.forEach(clearTimeout);
      setTimeout(resolver, PAUSA_TRAS_DESENLACE_MS);
    };
    const mirar = (sinCalculoBasta = false) => {
      const raices = hay();
      if (raices.some((r) => DESENLACES.has(r.dataset.estado)) || (sinCalculoBasta && !raices.length)) terminar();
    };
    observador.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-estado"] });
    relojes.push(setTimeout(() => mirar(true), ESPERA_SIN_CALCULO_MS), setTimeout(terminar, ESPERA_MAXIMA_MS));
    mirar();
  });
}

if ("serviceWorker" in navigator) {
  const controlada = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => { if (controlada) location.reload(); });
  const registrar = () => navigator.serviceWorker
    .register(new URL("sw.js", RAIZ_SITIO), { scope: RAIZ_SITIO.pathname, updateViaCache: "none" })
    .then((registro) => {
      reintentarSiFalla(registro);
      return registro.update(); // a new build? (register() alone does not check)
    })
    .catch((e) => console.warn(`Reintegro: sin modo sin conexión (${e.message})`));
  const tras = () => trasElPrimerDesenlace().then(registrar);
  if (document.readyState === "complete") tras(); else window.addEventListener("load", tras, { once: true });
}
