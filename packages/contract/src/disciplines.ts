/**
 * Event disciplines and their ids as the provider API numbers them (product §3:
 * 1 Show Jumping, 2 Endurance, 3 Dressage, 5 Eventing, 6 Tent Pegging; id 4 is
 * unused). `slug` is the website's query-string value (`/transport?discipline=dressage`).
 * The order is the order of the /transport chips (product §2). `label` is the provider's
 * English name (for documents and logs); the site shows its catalogue's label.
 */
export const disciplines = [
  { id: 1, slug: "show-jumping", label: "Show Jumping" },
  { id: 3, slug: "dressage", label: "Dressage" },
  { id: 2, slug: "endurance", label: "Endurance" },
  { id: 5, slug: "eventing", label: "Eventing" },
  { id: 6, slug: "tent-pegging", label: "Tent Pegging" },
] as const;

export type Discipline = (typeof disciplines)[number];
export type DisciplineId = Discipline["id"];

export const disciplineIds: readonly DisciplineId[] = disciplines.map((d) => d.id);

/**
 * The discipline for a chip slug, compared case-insensitively as the flight types are
 * (`Dressage` is `dressage`: /transport redirects to the slug's own spelling), or `undefined`
 * for an unknown slug ("All").
 */
export function disciplineBySlug(slug: string | null | undefined): Discipline | undefined {
  const lower = slug?.toLowerCase();
  return disciplines.find((d) => d.slug === lower);
}
