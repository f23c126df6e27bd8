// The bases' own criteria (issue 24): the form has one control per criterion,
// named «criterios.<id>» like the engine's messages name it; the case
// carries them in one object, {"criterios": {"<id>": valor}}.

const PREFIJO = "criterios.";

// The case as the engine takes it: «criterios.<id>» keys folded into `criterios`.
export function anidarCriterios(caso) {
  const criterios = {};
  for (const clave of Object.keys(caso)) {
    if (!clave.startsWith(PREFIJO)) continue;
    criterios[clave.slice(PREFIJO.length)] = caso[clave];
    delete caso[clave];
  }
  if (Object.keys(criterios).length) caso.criterios = criterios;
  return caso;
}

// The case as the form reads it: each criterion under «criterios.<id>».
export function aplanarCriterios(caso) {
  const { criterios, ...resto } = caso;
  if (!criterios || typeof criterios !== "object" || Array.isArray(criterios)) return caso;
  for (const [id, valor] of Object.entries(criterios)) resto[PREFIJO + id] = valor;
  return resto;
}
