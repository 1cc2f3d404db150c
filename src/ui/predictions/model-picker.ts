// The model pickers: the catalogue grouped by family (optgroups), each family smallest first,
// and the model read from a config.json, if any, in a group of its own.

import { MODELS, type ModelConfig, modelFamily, paramCount } from '../../model/llm/models';

export interface PickerGroup {
  label: string;
  models: readonly ModelConfig[];
}

/** The catalogue's families in catalogue order, each sorted by total parameters. */
export function catalogueGroups(exclude: readonly string[] = []): PickerGroup[] {
  const families = new Map<string, ModelConfig[]>();
  for (const m of MODELS) {
    if (exclude.includes(m.id)) continue;
    const family = modelFamily(m.id);
    families.set(family, [...(families.get(family) ?? []), m]);
  }
  return [...families].map(([label, models]) => ({
    label,
    models: [...models].sort((a, b) => paramCount(a).total - paramCount(b).total),
  }));
}

/**
 * Fills `select` with optional leading options and the groups; keeps `preferred` (or the current
 * value) selected where it is still there.
 */
export function fillModelPicker(
  select: HTMLSelectElement,
  groups: readonly PickerGroup[],
  lead: readonly { value: string; label: string }[],
  preferred?: string,
): void {
  const keep = preferred ?? select.value;
  const option = (value: string, label: string) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = label;
    return o;
  };
  select.replaceChildren(
    ...lead.map((o) => option(o.value, o.label)),
    ...groups
      .filter((g) => g.models.length > 0)
      .map((g) => {
        const group = document.createElement('optgroup');
        group.label = g.label;
        group.append(...g.models.map((m) => option(m.id, m.name)));
        return group;
      }),
  );
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}
