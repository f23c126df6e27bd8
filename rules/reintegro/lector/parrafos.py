"""The article's paragraphs, their anchors and their sentences.

An article as pasted (from the BOE's page, a PDF with its lines cut and its
page headers, or a plain text with blank lines between paragraphs) becomes a
list of ``Parrafo``: its anchor in the catalogue's scheme (``apartado-2``,
``apartado-2-letra-a``, ``letra-d-1`` for the ordinal 1.º of letra d),
``apartado-2-parrafo-2`` for a second párrafo, ``parrafo-1`` before any
apartado), how the text names it («apartado 2, letra a)») and its words,
verbatim but for the line breaks joined and the numbering taken out (the
reference carries it). Each paragraph is split into sentences.

Hostile input is refused here, with a Spanish message: too long, control
characters (a binary file). Everything else is a single pass over the lines
with bounded patterns: linear in the text's length.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property

from .numeros import plano

TAMANO_MAXIMO = 2_000_000  # characters: a long article has 30.000
_ORDINALES = ("primero", "segundo", "tercero", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno", "décimo")


class ArticuloIlegible(ValueError):
    """The text cannot be read as an article; the message says why, in Spanish,
    and ``campo`` names what it is about ("articulo", or "id")."""

    def __init__(self, mensaje: str, campo: str = "articulo"):
        super().__init__(mensaje)
        self.mensaje = mensaje
        self.campo = campo


@dataclass(eq=False)
class Parrafo:
    ancla: str
    referencia: str
    texto: str
    tipo: str  # "apartado" | "letra" | "ordinal" | "parrafo" | "tabla"
    item: str  # anchor of the numbered item it belongs to ("" at the top level)
    cabecera: Parrafo | None = None  # the paragraph ending in ":" that announces this item's list
    frases: list[Frase] = field(default_factory=list)
    total: Frase | None | bool = False  # its sentence of total reintegro (hallazgo.frase_total), once found

    @property
    def anuncia_lista(self) -> bool:
        return self.texto.rstrip().endswith(":")

    @cached_property
    def plano(self) -> str:
        """Its words as the patterns read them (numeros.plano)."""
        return plano(self.texto)


@dataclass(frozen=True, eq=False)
class Frase:
    parrafo: Parrafo
    inicio: int
    fin: int
    indice: int  # its place among its paragraph's sentences

    def con_las_anteriores(self, cuantas: int = 3) -> list[Frase]:
        """This sentence and up to ``cuantas`` before it in its paragraph (a heading
        sentence and the one with the figure); a table's row alone."""
        if self.parrafo.tipo == "tabla":
            return [self]
        return self.parrafo.frases[max(0, self.indice - cuantas):self.indice + 1]

    @property
    def texto(self) -> str:
        return self.parrafo.texto[self.inicio:self.fin]

    @property
    def ancla(self) -> str:
        return self.parrafo.ancla

    @property
    def plano(self) -> str:
        return self.parrafo.plano[self.inicio:self.fin]


@dataclass
class Articulo:
    titulo: str
    numero: str | None
    parrafos: list[Parrafo]

    def frases(self) -> list[Frase]:
        return [frase for parrafo in self.parrafos for frase in parrafo.frases]


# ------------------------------------------------------------------ refusals

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


def comprobar(texto: str) -> str:
    """The text, in NFC, or ArticuloIlegible saying why it cannot be read."""
    if len(texto) > TAMANO_MAXIMO:
        raise ArticuloIlegible(f"el texto es demasiado largo ({len(texto):,} caracteres; el máximo es "
                               f"{TAMANO_MAXIMO:,}): pegue solo el artículo que regula el reintegro".replace(",", "."))
    control = _CONTROL.search(texto)
    if control:
        linea = texto.count("\n", 0, control.start()) + 1
        raise ArticuloIlegible(f"el texto contiene un carácter de control (U+{ord(control[0]):04X}, línea {linea}): "
                               "no parece el texto de un artículo; si es un PDF o un documento, copie su texto y "
                               "péguelo")
    texto = unicodedata.normalize("NFC", texto.removeprefix("\ufeff"))
    if not texto.strip():
        raise ArticuloIlegible("el texto está vacío: pegue el artículo de sus bases")
    return texto


# ------------------------------------------------------------------ lines

# Page furniture of the BOE and of other bulletins' PDFs, and the catalogue's anchor lines.
_RUIDO = re.compile(
    r"(?:BOLETÍN OFICIAL DEL ESTADO|Núm\. \d{1,4}|Sec\. [IVX]{1,4}\.?(?: [A-Z]\.)? {0,3}Pág\. \d{1,7}"
    r"|cve: [A-Z]{2,6}-[A-Za-z]-\d{4}-\d{1,7}|Verificable en \S{1,200}|\{#[a-z0-9-]{1,100}\}"
    r"|(?:Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo) \d{1,2} de [a-z]{4,10} de \d{4})"
)
_TITULO = re.compile(r"(?:Artículo|ARTÍCULO|Article|Art\.) ?(\d{1,3}(?: ?bis)?)\.?\s*(.{0,300})")
_APARTADO = re.compile(r"(\d{1,2})\.[-–]?\s+(?=\S)")
_LETRA = re.compile(r"([a-zñ])\)\s+(?=\S)")
_ORDINAL = re.compile(r"(\d{1,2})\.?\s?[ºª°]\.?\s+(?=\S)")
# Roman letters («i.», «ii.») and their numbered items («i.1», «ii.2»).
_ROMANA = re.compile(r"([ivx]{1,4})\.\s+(?=\S)")
_SUBORDINAL = re.compile(r"[ivx]{1,4}\.(\d{1,2})\.?\s+(?=\S)")
_REGLA_DE_TABLA = re.compile(r"\|[\s:|-]{1,1000}")
_MAYUSCULA = re.compile(r"[«\"¿¡(]?[A-ZÁÉÍÓÚÑ]")


@dataclass
class _Bloque:
    tipo: str  # "titulo" | "apartado" | "letra" | "ordinal" | "parrafo" | "tabla"
    etiqueta: str
    lineas: list[str]

    @property
    def texto(self) -> str:
        return ("\n" if self.tipo == "tabla" else " ").join(self.lineas).strip()


def _enumerador(linea: str) -> tuple[str, str, str] | None:
    if not (linea[:1].isdigit() or linea[1:2] == ")" or linea[:1] in "ivx"):
        return None
    for tipo, patron in (("ordinal", _ORDINAL), ("apartado", _APARTADO), ("letra", _LETRA), ("ordinal", _SUBORDINAL),
                         ("romana", _ROMANA)):
        encontrado = patron.match(linea)
        if encontrado:
            return tipo, encontrado[1], linea[encontrado.end():]
    return None


def _siguiente_letra(letra: str | None) -> str:
    if letra is None:
        return "a"
    return "o" if letra == "ñ" else chr(ord(letra) + 1)


def _bloques(texto: str) -> list[_Bloque]:
    lineas = [linea.strip() for linea in texto.splitlines()]
    lineas = ["" if not linea else None if _RUIDO.fullmatch(linea) else linea for linea in lineas]
    contenido = [linea for linea in lineas if linea]
    blancas = sum(1 for linea in lineas if linea == "")
    # A PDF copy cuts every line: then a paragraph ends where a line ends in «.» or «:»
    # and the next starts in capitals; a plain copy separates paragraphs by blank lines.
    cortado = len(contenido) > 4 and blancas * 4 < len(contenido)
    bloques: list[_Bloque] = []
    actual: _Bloque | None = None
    ultimo = {"apartado": 0, "letra": None}
    solo_titulo = True  # nothing but the title yet: a line «Artículo 12.» is the title
    for linea in lineas:
        if linea is None:  # page furniture
            continue
        if not linea:
            if not cortado:
                actual = None
            continue
        titulo = _TITULO.fullmatch(linea) if solo_titulo else None
        if titulo:
            actual = _Bloque("titulo", titulo[1], [titulo[2]] if titulo[2] else [])
            bloques.append(actual)
            continue
        solo_titulo = False
        if linea.startswith("|"):  # a table (as Markdown pastes it): its rows, without the rule under the header
            if actual is None or actual.tipo != "tabla":
                actual = _Bloque("tabla", "", [])
                bloques.append(actual)
            if not _REGLA_DE_TABLA.fullmatch(linea):
                actual.lineas.append(linea)
            continue
        if actual is not None and actual.tipo == "tabla":
            actual = None
        enumerado = _enumerador(linea)
        if enumerado and enumerado[0] == "apartado" and ultimo["apartado"] and int(enumerado[1]) != ultimo["apartado"] + 1:
            enumerado = None  # «21. » inside a wrapped sentence, not the next apartado
        if enumerado and enumerado[0] == "letra" and ultimo["letra"] and enumerado[1] != _siguiente_letra(ultimo["letra"]):
            enumerado = None
        if enumerado:
            tipo, etiqueta, resto = enumerado
            if tipo == "romana":  # a roman letter: a letter out of the alphabet's sequence
                tipo = "letra"
                ultimo["letra"] = None
            elif tipo == "apartado":
                ultimo["apartado"], ultimo["letra"] = int(etiqueta), None
            elif tipo == "letra":
                ultimo["letra"] = etiqueta
            actual = _Bloque(tipo, etiqueta, [resto])
            bloques.append(actual)
            continue
        nuevo = actual is None or actual.tipo == "titulo" and actual.lineas
        if cortado and actual is not None and actual.lineas and actual.lineas[-1].endswith((".", ":")) \
                and _MAYUSCULA.match(linea):
            nuevo = True
        if nuevo:
            actual = _Bloque("parrafo", "", [linea])
            bloques.append(actual)
        else:
            actual.lineas.append(linea)
    return bloques


# ------------------------------------------------------------------ anchors


def _ordinal(numero: int) -> str:
    return _ORDINALES[numero - 1] if numero <= len(_ORDINALES) else str(numero)


class _Anclas:
    """Gives each block its anchor and reference, in one pass."""

    def __init__(self, primer_apartado: int | None):
        self.primer_apartado = primer_apartado
        self.apartado: Parrafo | None = None
        self.letra: Parrafo | None = None
        self.ordinal: Parrafo | None = None
        self.duenio_ordinales: Parrafo | None = None
        self.ultimo_dos_puntos: Parrafo | None = None
        self.parrafos: list[Parrafo] = []
        self.por_ancla: dict[str, Parrafo] = {}
        self.ultimo_de: dict[str, Parrafo] = {}
        self.cuenta: dict[str, int] = {}

    def _nuevo(self, ancla: str, referencia: str, texto: str, tipo: str, item: str,
               cabecera: Parrafo | None = None) -> Parrafo:
        parrafo = Parrafo(ancla, referencia, texto, tipo, item, cabecera)
        self.parrafos.append(parrafo)
        self.por_ancla.setdefault(ancla, parrafo)
        self.ultimo_de[item] = parrafo
        self.cuenta[item] = self.cuenta.get(item, 0) + 1
        if parrafo.anuncia_lista:
            self.ultimo_dos_puntos = parrafo
        return parrafo

    def apartado_(self, numero: str, texto: str) -> None:
        self.apartado = self._nuevo(f"apartado-{numero}", f"apartado {numero}", texto, "apartado", f"apartado-{numero}")
        self.letra = self.ordinal = self.duenio_ordinales = None

    def letra_(self, letra: str, texto: str) -> None:
        padre = self.apartado.item if self.apartado else ""
        cabecera = self._ultima_cabecera(padre)
        ancla = f"{padre}-letra-{letra}" if padre else f"letra-{letra}"
        referencia = f"{self.apartado.referencia}, letra {letra})" if self.apartado else f"letra {letra})"
        self.letra = self._nuevo(ancla, referencia, texto, "letra", ancla, cabecera)
        self.ordinal = self.duenio_ordinales = None

    def _ultima_cabecera(self, item: str) -> Parrafo | None:
        """The item's last paragraph, if it ends in «:» (it announces a list)."""
        ultimo = self.ultimo_de.get(item)
        return ultimo if ultimo is not None and ultimo.anuncia_lista else None

    def ordinal_(self, numero: str, texto: str) -> None:
        actual = self.letra or self.apartado
        if self.duenio_ordinales is None:
            cabecera = self._ultima_cabecera(actual.item) if actual else None
            if cabecera is None:
                cabecera = self.ultimo_dos_puntos
            self.duenio_ordinales = cabecera
        cabecera = self.duenio_ordinales
        item = cabecera.item if cabecera is not None else (actual.item if actual else "")
        duenio = self.por_ancla.get(item)
        ancla = f"{item}-{numero}" if item else f"ordinal-{numero}"
        referencia = f"{duenio.referencia}, {numero}.º" if duenio else f"{numero}.º"
        self.ordinal = self._nuevo(ancla, referencia, texto, "ordinal", ancla, cabecera)

    def tabla_(self, texto: str) -> None:
        abierto = self.ordinal or self.letra or self.apartado
        item = abierto.item if abierto else ""
        ancla = f"{item}-tabla" if item else "tabla"
        self._nuevo(ancla, f"{abierto.referencia}, tabla" if abierto else "tabla", texto, "tabla", item)

    def parrafo_(self, texto: str, siguiente: str | None) -> None:
        item = self._item_del_parrafo(siguiente)
        if item is None:
            if self.primer_apartado and self.primer_apartado > 1 and not self.parrafos:
                numero = self.primer_apartado - 1
                self._nuevo(f"apartado-{numero}", f"apartado {numero}", texto, "apartado", f"apartado-{numero}")
                return
            numero = self.cuenta.get("", 0) + 1
            self._nuevo(f"parrafo-{numero}", f"párrafo {_ordinal(numero)}", texto, "parrafo", "")
            return
        duenio = self.por_ancla[item]
        numero = self.cuenta[item] + 1
        self._nuevo(f"{item}-parrafo-{numero}", f"{duenio.referencia}, párrafo {_ordinal(numero)}", texto,
                    "parrafo", item)

    def _item_del_parrafo(self, siguiente: str | None) -> str | None:
        """The item an unnumbered paragraph belongs to: the innermost open one,
        unless it closes a list (no sibling item follows): then its parent."""
        niveles = [p for p in (self.apartado, self.letra, self.ordinal) if p is not None]
        if not niveles:
            return None
        interno = niveles[-1]
        profundidad = {"apartado": 0, "letra": 1, "ordinal": 2}
        if siguiente is None or profundidad[siguiente] < profundidad[interno.tipo]:
            if interno.tipo == "ordinal":
                return None if siguiente is None else (self.letra or self.apartado).item
            if interno.tipo == "letra":
                return self.apartado.item if self.apartado else None
        return interno.item


def _siguientes_enumerados(bloques: list[_Bloque]) -> list[str | None]:
    siguiente: str | None = None
    salida: list[str | None] = [None] * len(bloques)
    for indice in range(len(bloques) - 1, -1, -1):
        salida[indice] = siguiente
        if bloques[indice].tipo in ("apartado", "letra", "ordinal"):
            siguiente = bloques[indice].tipo
    return salida


# ------------------------------------------------------------------ sentences

_FIN_DE_FRASE = re.compile(r"[.:](?=\s{1,20}[«\"¿¡(]?[A-ZÁÉÍÓÚÑ])")
_ABREVIATURA = re.compile(r"(?:\b(?:art|arts|núm|apdo|pág|págs|Sr|Sra|Dña|D|RD|cit|ss|etc|Excmo|Ilmo|aprox|p|vid)|\b[A-Z])$")


def _filas(parrafo: Parrafo) -> list[Frase]:
    frases, inicio = [], 0
    for fila in parrafo.texto.split("\n"):
        frases.append(Frase(parrafo, inicio, inicio + len(fila), len(frases)))
        inicio += len(fila) + 1
    return frases


def _frases(parrafo: Parrafo) -> list[Frase]:
    """Its sentences; a table's, its rows."""
    if parrafo.tipo == "tabla":
        return _filas(parrafo)
    texto = parrafo.texto
    frases: list[Frase] = []
    inicio = 0
    for fin in _FIN_DE_FRASE.finditer(texto):
        if texto[fin.start()] == "." and _ABREVIATURA.search(texto, max(0, fin.start() - 8), fin.start()):
            continue
        frases.append(Frase(parrafo, inicio, fin.end(), len(frases)))
        inicio = fin.end()
        while inicio < len(texto) and texto[inicio].isspace():
            inicio += 1
    if inicio < len(texto):
        frases.append(Frase(parrafo, inicio, len(texto.rstrip()), len(frases)))
    return frases


# ------------------------------------------------------------------ the article


def leer_parrafos(texto: str) -> Articulo:
    """The article's title, number and paragraphs (ArticuloIlegible if it cannot be read)."""
    bloques = _bloques(comprobar(texto))
    titulo, numero = "", None
    cuerpo = []
    for bloque in bloques:
        if bloque.tipo == "titulo":
            numero = bloque.etiqueta.replace(" ", "")
            titulo = bloque.texto
        elif not titulo and numero and not cuerpo and bloque.tipo == "parrafo" and len(bloque.texto) < 160:
            titulo = bloque.texto  # «Artículo 28.» on its own line, its title on the next
        elif cuerpo or bloque.texto != titulo:  # a title pasted twice
            cuerpo.append(bloque)
    primer = next((int(b.etiqueta) for b in cuerpo if b.tipo == "apartado"), None)
    anclas = _Anclas(primer)
    for bloque, siguiente in zip(cuerpo, _siguientes_enumerados(cuerpo)):
        if not bloque.texto:
            continue
        if bloque.tipo == "apartado":
            anclas.apartado_(bloque.etiqueta, bloque.texto)
        elif bloque.tipo == "letra":
            anclas.letra_(bloque.etiqueta, bloque.texto)
        elif bloque.tipo == "ordinal":
            anclas.ordinal_(bloque.etiqueta, bloque.texto)
        elif bloque.tipo == "tabla":
            anclas.tabla_(bloque.texto)
        else:
            anclas.parrafo_(bloque.texto, siguiente)
    veces: dict[str, int] = {}
    for parrafo in anclas.parrafos:
        original = parrafo.ancla
        veces[original] = veces.get(original, 0) + 1
        if veces[original] > 1:  # a numbering the text repeats: the second is «…-bis-2»
            parrafo.ancla = f"{original}-bis-{veces[original]}"
            parrafo.referencia += f" (repetido, {veces[original]}.ª vez)"
        parrafo.frases = _frases(parrafo)
    return Articulo(titulo=titulo.rstrip("."), numero=numero, parrafos=anclas.parrafos)
