import { disciplineNames } from "@khayl/contract/discipline-names";
import type { DisciplineId } from "@khayl/contract/disciplines";
import { useLingui } from "@lingui/react";

/**
 * The discipline names shown by the site, by the provider's discipline id (product §3:
 * 1 Show Jumping, 2 Endurance, 3 Dressage, 5 Eventing, 6 Tent Pegging), in the page's
 * language: the /transport chips, a show's own page and the alert pages. The messages are
 * the contract's (`disciplineNames`), which the API's alert mails show too.
 */
export function useDisciplineNames(): Record<DisciplineId, string> {
  const { i18n } = useLingui();
  return {
    1: i18n._(disciplineNames[1]),
    2: i18n._(disciplineNames[2]),
    3: i18n._(disciplineNames[3]),
    5: i18n._(disciplineNames[5]),
    6: i18n._(disciplineNames[6]),
  };
}
