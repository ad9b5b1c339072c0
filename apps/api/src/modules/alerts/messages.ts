import type { Message } from "@khayl/contract/messages";

/**
 * Every server-side text of the alerts module (decision 028): mail subjects and bodies.
 * English here, Arabic in the API catalogue (decision 027; `npm run i18n:extract -w @khayl/api`).
 */
export const alertMessages = {
  confirmSubject: /*i18n*/ { id: "alerts.mail.confirm.subject", message: "Confirm your {company} alerts" },
  confirmText: /*i18n*/ {
    id: "alerts.mail.confirm.text",
    message:
      "Hello,\n\nSomeone, hopefully you, asked {company} to e-mail this address about {what}.\n" +
      "To start the alerts, open this link and press Confirm (within 7 days):\n{confirmUrl}\n\n" +
      "If you did not ask, ignore this e-mail: nothing will be sent and the request is deleted after 7 days.",
  },
  alertSubject: /*i18n*/ {
    id: "alerts.mail.alert.subject",
    message: "{count, plural, one {# schedule change} other {# schedule changes}} at {company}",
  },
  alertText: /*i18n*/ {
    id: "alerts.mail.alert.text",
    message:
      "Hello,\n\nYou asked {company} to tell you about {what}. Since the last mail:\n\n{items}\n\n" +
      "See the schedule: {scheduleUrl}\n\n" +
      "Change or stop these alerts: {manageUrl}",
  },
  newFlight: /*i18n*/ { id: "alerts.item.newFlight", message: "New {type} flight {route}, {date}: {url}" },
  newShow: /*i18n*/ { id: "alerts.item.newShow", message: "New show transport: {name}, {date}: {url}" },
  changedFlight: /*i18n*/ {
    id: "alerts.item.changedFlight",
    message: "Flight {route} moved: was {before}, now {after} (UAE time): {url}",
  },
  changedShow: /*i18n*/ {
    id: "alerts.item.changedShow",
    message: "Show {name} moved: was {before}, now {after} (UAE time): {url}",
  },
  changedShowDays: /*i18n*/ {
    id: "alerts.item.changedShowDays",
    message: "Show {name} moved: was {before}, now {after}: {url}",
  },
  backFlight: /*i18n*/ {
    id: "alerts.item.backFlight",
    message: "Flight {route} is back on the schedule, {date}: {url}",
  },
  backShow: /*i18n*/ { id: "alerts.item.backShow", message: "Show {name} is back on the schedule, {date}: {url}" },
  cancelledFlight: /*i18n*/ {
    id: "alerts.item.cancelledFlight",
    message: "Flight {route}, {date}, is no longer on the schedule",
  },
  cancelledShow: /*i18n*/ {
    id: "alerts.item.cancelledShow",
    message: "Show {name}, {date}, is no longer on the schedule",
  },
  whatFlights: /*i18n*/ { id: "alerts.what.flights", message: "new flights" },
  whatImport: /*i18n*/ { id: "alerts.what.import", message: "new import flights" },
  whatExport: /*i18n*/ { id: "alerts.what.export", message: "new export flights" },
  whatShows: /*i18n*/ { id: "alerts.what.shows", message: "new show transport" },
  whatDisciplines: /*i18n*/ { id: "alerts.what.disciplines", message: "new show transport for {disciplines}" },
  whatFlight: /*i18n*/ { id: "alerts.what.flight", message: "changes to flight {id}" },
  whatShow: /*i18n*/ { id: "alerts.what.show", message: "changes to show {id}" },
  whatFlightNamed: /*i18n*/ { id: "alerts.what.flightNamed", message: "changes to the flight {route}" },
  whatShowNamed: /*i18n*/ { id: "alerts.what.showNamed", message: "changes to the show {name}" },
  flightNotOnSchedule: /*i18n*/ { id: "alerts.flightNotOnSchedule", message: "This flight is not on the schedule" },
  showNotOnSchedule: /*i18n*/ { id: "alerts.showNotOnSchedule", message: "This show is not on the schedule" },
  typeImport: /*i18n*/ { id: "alerts.item.typeImport", message: "import" },
  typeExport: /*i18n*/ { id: "alerts.item.typeExport", message: "export" },
  dateUnknown: /*i18n*/ { id: "alerts.item.dateUnknown", message: "date to be announced" },
} satisfies Record<string, Message>;
