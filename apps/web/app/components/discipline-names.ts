import type { DisciplineId } from "@khayl/contract/disciplines";
import { useLingui } from "@lingui/react/macro";

/**
 * The discipline names shown by the site, by the provider's discipline id (product §3:
 * 1 Show Jumping, 2 Endurance, 3 Dressage, 5 Eventing, 6 Tent Pegging), in the page's
 * language: the /transport chips and a show's own page.
 */
export function useDisciplineNames(): Record<DisciplineId, string> {
  const { t } = useLingui();
  return { 1: t`Show Jumping`, 2: t`Endurance`, 3: t`Dressage`, 5: t`Eventing`, 6: t`Tent Pegging` };
}
