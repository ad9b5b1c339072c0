import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { type InvoicePdfInput, renderInvoicePdf } from "./pdf.ts";

/**
 * The whole text of an English and an Arabic invoice as pdftotext reads it, line by line in
 * reading order, compared with the expected text (reading-order/*.txt, decision 018). The
 * Arabic is shaped by fontkit inside pdfkit and ordered by us; a pdfkit, fontkit or bidi-js
 * update that changes the order of runs, the direction of a word or the characters a glyph
 * stands for (a lam-alef read 'ال' for 'لا') changes this text and fails here. Within a line,
 * runs of spaces are one space (positions may move by a point); the bidi marks pdftotext
 * adds are dropped. Skipped without poppler-utils (CI installs it: .ci/run).
 */
const hasPdftotext = spawnSync("pdftotext", ["-v"]).error === undefined;
const dir = mkdtempSync(path.join(tmpdir(), "invoice-reading-order-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function readingOrder(bytes: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return `${execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
    .replace(/[\u202A-\u202E]/g, "")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n")}\n`;
}

const invoice = (paid: boolean, customerName: string): InvoicePdfInput => ({
  company: {
    name: "Khayl Logistics",
    nameAr: "خيل للخدمات اللوجستية",
    address: "Office 12, Dubai Investments Park, Dubai, UAE",
    addressAr: "مكتب 12، مجمع دبي للاستثمار، دبي، الإمارات",
    trn: "100123456700003",
  },
  invoice: {
    refNumber: "INV-2026-000104",
    issueDate: new Date("2026-01-05T08:00:00Z"),
    dueDate: new Date("2026-02-03T21:00:00Z"),
    lines: [
      {
        description: "Horse transport Dubai – Abu Dhabi",
        descriptionAr: "نقل الخيل من دبي إلى أبوظبي",
        quantity: 2,
        unitPriceFils: 90000,
        vatRatePercent: 5,
      },
      { description: "Stabling (per night)", quantity: 3, unitPriceFils: 25050, vatRatePercent: 5 },
    ],
    totalFils: 268_402,
    status: paid ? "paid" : "unpaid",
    paidAt: paid ? new Date("2026-01-07T10:00:00Z") : null,
  },
  customer: { displayName: customerName, email: "layla@example.com", phoneNumber: "+971501234567" },
  payment: paid
    ? { paymentType: "card", cardBrand: "visa", cardLast4: "4242", feeFils: 4127, amountFils: 272_529 }
    : null,
});

describe.skipIf(!hasPdftotext)("the invoice's text in reading order", () => {
  test("a paid invoice asked for in English, to a customer with an Arabic name", async () => {
    const text = readingOrder(await renderInvoicePdf(invoice(true, "ليلى حداد"), { language: "en" }), "en");
    await expect(text).toMatchFileSnapshot("reading-order/paid-en.txt");
  });

  test("an unpaid invoice asked for in Arabic", async () => {
    const text = readingOrder(await renderInvoicePdf(invoice(false, "Layla Haddad"), { language: "ar" }), "ar");
    await expect(text).toMatchFileSnapshot("reading-order/unpaid-ar.txt");
  });
});
