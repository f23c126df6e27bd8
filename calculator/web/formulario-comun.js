// What the case form's files share (formulario.js, formulario-pagos.js,
// formulario-caso.js, formulario-avisos.js): el(), the DOM helper every
// module of the page uses (re-exported by formulario.js, where the others
// import it), the ids' counter, and Spanish numbers as the form shows and
// reads them.

import { normalizarNumero, formatearImporte } from "./caso.js";

let contador = 0;

// A new number for an id, unique in the page.
export function siguiente() {
  return ++contador;
}

export function el(etiqueta, atributos = {}, ...hijos) {
  const nodo = document.createElement(etiqueta);
  for (const [clave, valor] of Object.entries(atributos)) {
    if (valor === null || valor === undefined || valor === false) continue;
    if (clave === "texto") nodo.textContent = valor;
    else if (clave === "clase") nodo.className = valor;
    else if (clave.startsWith("on")) nodo.addEventListener(clave.slice(2), valor);
    else nodo.setAttribute(clave, valor === true ? "" : String(valor));
  }
  for (const hijo of hijos.flat()) {
    if (hijo === null || hijo === undefined || hijo === false) continue;
    nodo.append(hijo instanceof Node ? hijo : document.createTextNode(String(hijo)));
  }
  return nodo;
}

export function mostrarNumero(valor, tipo) {
  const canonico = normalizarNumero(String(valor));
  if (canonico === null) return String(valor);
  if (tipo === "importe" && /^-?\d+(\.\d{1,2})?$/.test(canonico)) return formatearImporte(canonico);
  return canonico.replace(".", ",");
}

export function leerNumero(texto) {
  const t = texto.trim();
  if (t === "") return undefined;
  return normalizarNumero(t) ?? t;
}

export function conNumero(plantilla, n) {
  return String(plantilla).replaceAll("{n}", String(n));
}
