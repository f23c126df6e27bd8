// «Bases publicadas»: the list of the catalogue filtered as one types (title,
// body, year, identifier, kind of rules: each row's data-texto). Loaded by
// calculadora.js only on the page that carries [data-catalogo].
import { enCadaPagina } from "./paginas.js";

function normalizar(texto) {
  return texto.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

function iniciar() {
  const raiz = document.querySelector("[data-catalogo]");
  if (!raiz || raiz.dataset.iniciado) return;
  raiz.dataset.iniciado = "1";
  const filtro = raiz.querySelector("[data-filtro-catalogo]");
  const cuenta = raiz.querySelector("[data-cuenta-catalogo]");
  const filas = [...raiz.querySelectorAll("tbody tr")].map((fila) => ({ fila, texto: normalizar(fila.dataset.texto ?? "") }));
  const aplicar = () => {
    const palabras = normalizar(filtro.value).split(/\s+/).filter(Boolean);
    let vistas = 0;
    for (const { fila, texto } of filas) {
      const visible = palabras.every((p) => texto.includes(p));
      fila.hidden = !visible;
      if (visible) vistas += 1;
    }
    cuenta.textContent = vistas === filas.length ? `${filas.length} bases`
      : vistas === 0 ? "Ninguna bases coincide con el filtro" : `${vistas} de ${filas.length} bases`;
  };
  filtro.addEventListener("input", aplicar);
  if (filtro.value) aplicar();
}

enCadaPagina(iniciar);
