// Starts the engine worker from the <head> of a calculator page (an async
// classic script the build adds to those pages, before their stylesheets:
// calculator/hooks/calculadora.py), instead of waiting for Material's bundle
// and the calculator's modules, about 0.3 s later on a returning visit. motor.js
// adopts the worker and the events it sent meanwhile (kept here: a message
// with no listener would be lost). Once motor.js runs it sets
// window.__reintegroTemprano to null, so a later run of this script (a page
// reached by instant navigation) never starts a second worker. If the worker
// cannot start here, motor.js tries again and says why in Spanish.
(() => {
  if ("__reintegroTemprano" in window) return;
  let worker;
  try {
    worker = new Worker(new URL("motor-worker.js", document.currentScript.src), { type: "module", name: "reintegro" });
  } catch {
    return;
  }
  const eventos = [];
  const guardar = (evento) => eventos.push(evento);
  worker.addEventListener("message", guardar);
  worker.addEventListener("error", guardar);
  window.__reintegroTemprano = {
    worker,
    eventos,
    inicio: performance.timeOrigin + performance.now(),
    soltar() {
      worker.removeEventListener("message", guardar);
      worker.removeEventListener("error", guardar);
    },
  };
})();
