import type { DisciplineId } from "./disciplines.ts";
import { defineMessages, type Message } from "./messages.ts";

/**
 * The names of the disciplines as the website and its alert mails show them, by the
 * provider's discipline id (product §3: 1 Show Jumping, 2 Endurance, 3 Dressage, 5 Eventing,
 * 6 Tent Pegging), as messages of the catalogue (decision 027): the website's /transport
 * chips, show pages and alert pages, and the API's alert mails, in the reader's language.
 */
export const disciplineNames = defineMessages({
  1: /*i18n*/ { id: "discipline.showJumping", message: "Show Jumping" },
  2: /*i18n*/ { id: "discipline.endurance", message: "Endurance" },
  3: /*i18n*/ { id: "discipline.dressage", message: "Dressage" },
  5: /*i18n*/ { id: "discipline.eventing", message: "Eventing" },
  6: /*i18n*/ { id: "discipline.tentPegging", message: "Tent Pegging" },
}) satisfies Record<DisciplineId, Message>;
