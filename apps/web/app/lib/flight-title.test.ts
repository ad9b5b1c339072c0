import type { SelectiveService } from "@khayl/contract/selective-services";
import { expect, test } from "vitest";
import { flightTitle, flightWhatsAppText } from "./flight-title.ts";
import { i18nFor } from "./i18n/catalogue.server.ts";

/** A flight's title and WhatsApp text: one whole sentence per type, in English and Arabic. */

const english = await i18nFor(new Request("http://localhost/flights/7"), "trips");
const arabic = await i18nFor(new Request("http://localhost/ar/flights/7"), "trips");
const flight = (type: string): Pick<SelectiveService, "type" | "departureAirport" | "arrivalAirport"> => ({
  type,
  departureAirport: { code: "LGG", name: "Liège" },
  arrivalAirport: { code: "DWC", name: "Dubai World Central" },
});

test("the title names the type and the route in both languages", () => {
  expect(flightTitle(english, flight("Import"))).toBe("Import flight LGG to DWC");
  expect(flightTitle(english, flight("Export"))).toBe("Export flight LGG to DWC");
  expect(flightTitle(arabic, flight("Import"))).toBe("رحلة استيراد من LGG إلى DWC");
  expect(flightTitle(arabic, flight("Export"))).toBe("رحلة تصدير من LGG إلى DWC");
  // The provider's type in any case (product §3 matches it case-insensitively).
  expect(flightTitle(english, flight("import"))).toBe("Import flight LGG to DWC");
  expect(flightTitle(arabic, flight("IMPORT"))).toBe("رحلة استيراد من LGG إلى DWC");
  expect(flightTitle(english, { type: "Import", departureAirport: null, arrivalAirport: null })).toBe(
    "Import flight - to -",
  );
});

test("the WhatsApp text is one sentence per type, with the departure and the page", () => {
  const url = "https://khayl.example/flights/7";
  expect(flightWhatsAppText(english, flight("Export"), "Monday 05 Jan 2030, 00:00", url)).toBe(
    `Hello, I would like to ship horses on the Export flight LGG to DWC departing Monday 05 Jan 2030, 00:00: ${url}`,
  );
  const text = flightWhatsAppText(arabic, flight("Import"), "الاثنين", url);
  expect(text).toContain("رحلة الاستيراد من LGG إلى DWC");
  expect(text).toContain(url);
});

test("a flight without a departure time is asked about without one, never 'departing -'", () => {
  const url = "https://khayl.example/flights/7";
  expect(flightWhatsAppText(english, flight("Import"), null, url)).toBe(
    `Hello, I would like to ship horses on the Import flight LGG to DWC: ${url}`,
  );
  expect(flightWhatsAppText(arabic, flight("Export"), null, url)).toBe(
    `مرحبًا، أود شحن خيول على رحلة التصدير من LGG إلى DWC: ${url}`,
  );
});
