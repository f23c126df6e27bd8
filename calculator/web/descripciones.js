// The form description of one bases (reintegro.navegador.formulario(id),
// computed at build time on CPython, so the form is usable before Pyodide
// boots): one file per bases, assets/calculadora/formularios/<id>.json, so a
// page downloads its own bases' form and not every bases' (issue 24: the
// catalogue of published bases must cost a visitor nothing).

const CARPETA = new URL("./formularios/", import.meta.url);
const pedidas = new Map();

// The description of bases `id`, or undefined if the site has none.
export function descripcionDe(id) {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(String(id))) return Promise.resolve(undefined);
  if (!pedidas.has(id)) {
    const peticion = fetch(new URL(`${id}.json`, CARPETA), { cache: "no-cache" }).then((r) => {
      if (r.status === 404) return undefined;
      if (!r.ok) throw new Error(`no se pudo leer el formulario de «${id}» (HTTP ${r.status})`);
      return r.json();
    });
    peticion.catch(() => pedidas.delete(id));
    pedidas.set(id, peticion);
  }
  return pedidas.get(id);
}
