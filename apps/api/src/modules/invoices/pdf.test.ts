import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { visualRuns } from "./bidi-runs.ts";
import { type InvoicePdfInput, renderInvoicePdf } from "./pdf.ts";
import { pdfText } from "./testing.ts";

/** poppler-utils' pdftotext, installed by .ci/run; the extraction tests skip without it. */
const hasPdftotext = spawnSync("pdftotext", ["-v"]).error === undefined;
const dir = mkdtempSync(path.join(tmpdir(), "invoice-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The text pdftotext extracts, without the bidi embedding marks it wraps runs in and without
 * brackets: where a line mixes directions, poppler guesses which run a bracket at its edge
 * belongs to and often moves it ('VAT (5%' + ')'), so brackets are checked with PDF.js below.
 */
function pdftotext(bytes: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return withoutBrackets(
    execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/[\u202A-\u202E]/g, ""),
  );
}

const withoutBrackets = (text: string) => text.replace(/[()]/g, "");

const input = (paid: boolean, customerName = "Layla Haddad"): InvoicePdfInput => ({
  company: {
    name: "Khayl Logistics",
    address: "Office 12, Dubai Investments Park, Dubai, UAE",
    trn: "100123456700003",
  },
  invoice: {
    refNumber: "INV-2026-000104",
    issueDate: new Date("2026-01-05T08:00:00Z"),
    dueDate: new Date("2026-02-03T21:00:00Z"), // 4 February in Dubai
    lines: [
      {
        description: "Horse transport Dubai – Abu Dhabi",
        descriptionAr: "نقل الخيل من دبي إلى أبوظبي",
        quantity: 2,
        unitPriceFils: 90000,
        vatRatePercent: 5,
      },
    ],
    totalFils: 189000,
    status: paid ? "paid" : "unpaid",
    paidAt: paid ? new Date("2026-01-07T10:00:00Z") : null,
  },
  customer: { displayName: customerName, email: "layla@example.com", phoneNumber: "+971501234567" },
  payment: paid
    ? { paymentType: "card", cardBrand: "visa", cardLast4: "4242", feeFils: 2935, amountFils: 191935 }
    : null,
});

describe("visual runs (UAX #9)", () => {
  test("an Arabic line with a number and a code is cut into runs in visual order", () => {
    expect(visualRuns("الرقم الضريبي: 100123456700003", "rtl")).toEqual([
      { text: "100123456700003", rtl: false },
      { text: "الرقم الضريبي: ", rtl: true },
    ]);
  });

  test("brackets of a right-to-left run are mirrored for fontkit, which reverses the run", () => {
    expect(visualRuns("الإجمالي (درهم)", "rtl")).toEqual([{ text: "الإجمالي )درهم(", rtl: true }]);
  });

  test("English with an Arabic part stays left to right around it", () => {
    expect(visualRuns("Tax Invoice / فاتورة ضريبية", "ltr")).toEqual([
      { text: "Tax Invoice / ", rtl: false },
      { text: "فاتورة ضريبية", rtl: true },
    ]);
  });
});

// Skipped without poppler-utils' pdftotext (a workstation without it): reading the PDF back needs
// it. .ci/run installs it, so CI always runs these.
describe.skipIf(!hasPdftotext)("the bilingual tax invoice, as pdftotext reads it", () => {
  test("every label in English and in logical-order Arabic, amounts intact", async () => {
    const text = pdftotext(await renderInvoicePdf(input(false)), "unpaid");
    for (const english of [
      "Tax Invoice",
      "TRN: 100123456700003",
      "BILL TO",
      "INVOICE NUMBER",
      "INV-2026-000104",
      "INVOICE DATE",
      "05 Jan 2026",
      "DUE DATE",
      "04 Feb 2026",
      "UNPAID",
      "Description",
      "Qty",
      "Unit price",
      "VAT 5%",
      "Total excluding VAT",
      "VAT (5%)",
      "Total (AED, VAT included)",
      "Horse transport Dubai – Abu Dhabi",
      "1,800.00",
      "90.00",
      "1,890.00",
    ]) {
      expect(text).toContain(withoutBrackets(english));
    }
    for (const arabic of [
      "فاتورة ضريبية",
      "الرقم الضريبي",
      "فاتورة إلى",
      "رقم الفاتورة",
      "تاريخ الفاتورة",
      "تاريخ الاستحقاق",
      "يناير",
      "فبراير",
      "غير مدفوعة",
      "الوصف",
      "الكمية",
      "سعر الوحدة",
      "المبلغ الصافي",
      "المجموع الفرعي (غير شامل الضريبة",
      "ضريبة القيمة المضافة",
      "الإجمالي (درهم", // then the Arabic comma, which poppler sets apart
      "شامل الضريبة",
      "نقل الخيل من دبي إلى أبوظبي",
      "جميع المبالغ بالدرهم الإماراتي",
    ]) {
      expect(text).toContain(withoutBrackets(arabic));
    }
    // Letters, not presentation forms, and a lam-alef ligature read in logical order.
    expect(text).not.toMatch(/[\uFB50-\uFDFF\uFE70-\uFEFF]/);
    expect(text).not.toContain("االستحقاق");
    // Receipt only once paid.
    expect(text).not.toContain("تم استلام الدفعة");
  });

  test("a paid invoice's receipt, in both languages", async () => {
    const text = pdftotext(await renderInvoicePdf(input(true)), "paid");
    for (const expected of [
      "PAID on 07 Jan 2026",
      "مدفوعة في",
      "Payment received",
      "تم استلام الدفعة",
      "Paid on 07 Jan 2026 by Card (Visa ending 4242)",
      "دفعت في",
      "تنتهي بـ",
      "Card fee (non-refundable)",
      "رسوم البطاقة (غير قابلة للاسترداد",
      "Amount paid",
      "المبلغ المدفوع",
      "1,919.35",
      "29.35",
    ]) {
      expect(text).toContain(withoutBrackets(expected));
    }
    expect(text).not.toContain("UNPAID");
    expect(text).not.toContain("غير مدفوعة");
  });

  test("a status too long for one line with its Arabic puts the Arabic on its own line, never against it", async () => {
    const late = input(true);
    late.invoice.paidAt = new Date("2026-11-29T10:00:00Z"); // 'نوفمبر', longer than 'يناير'
    const text = pdftotext(await renderInvoicePdf(late), "paid-november");
    const line = text.split("\n").find((l) => l.includes("PAID on"));
    expect(line).toMatch(/PAID on 29 Nov 2026/);
    expect(line).not.toMatch(/[\u0600-\u06FF]/);
    expect(text).toMatch(/مدفوعة في\s+29\s*نوفمبر\s+2026/);
  });
});

describe("the bilingual tax invoice, as PDF.js reads it", () => {
  test("one page; Arabic labels and an Arabic name in logical order; an Arabic request tags it Arabic", async () => {
    const english = await renderInvoicePdf(input(true, "ليلى حداد"), { compress: false });
    const { pages, text } = await pdfText(english);
    expect(pages).toBe(1);
    expect(text).toContain("ليلى حداد");
    expect(text).toContain("فاتورة ضريبية");
    expect(text).toContain("تاريخ الاستحقاق");
    expect(text).toContain("المجموع الفرعي (غير شامل الضريبة)");
    expect(text).toContain("الإجمالي (درهم، شامل الضريبة)");
    expect(text).toContain("رسوم البطاقة (غير قابلة للاسترداد)");
    expect(text).toContain("Paid on 07 Jan 2026 by Card (Visa ending 4242)");
    expect(text).toMatch(/DUE DATE \d{2} [A-Z][a-z]{2} \d{4}/);
    expect(english.toString("latin1")).toContain("/Lang (en-GB)");
    const arabic = await renderInvoicePdf(input(true), { compress: false, language: "ar" });
    expect(arabic.toString("latin1")).toContain("/Lang (ar-AE)");
    expect((await pdfText(arabic)).text).toContain("Tax Invoice");
  });
});
