import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_COMPANY } from "@khayl/config/env-schema";
import { type InvoiceLine, invoiceTotals } from "@khayl/contract/invoice-lines";
import { cardFeeFils } from "@khayl/contract/money";
import { afterAll, describe, expect, test } from "vitest";
import { visualRuns } from "./bidi-runs.ts";
import { type InvoicePdfInput, renderInvoicePdf } from "./pdf.ts";
import { pageOf } from "./pdf-labels.ts";
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
    nameAr: "خيل للخدمات اللوجستية",
    address: "Office 12, Dubai Investments Park, Dubai, UAE",
    addressAr: "مكتب 12، مجمع دبي للاستثمار، دبي، الإمارات",
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

/**
 * A paid invoice as the demo prints it (the shape QA found on two pages): the demo company's
 * name and address in English and Arabic (the defaults of `COMPANY_NAME`, `COMPANY_ADDRESS`
 * and their Arabic twins), paid late in the year ('PAID on 29 Nov 2026' needs a line of its own
 * for its Arabic, so the heading is at its tallest), the demo's first line (two lines of
 * English, two of Arabic) and, for `lines` 2, a short second one. Amounts in fils.
 */
function paidLikeTheDemo(lines: 1 | 2): InvoicePdfInput {
  const base = input(true);
  const invoiceLines: InvoiceLine[] = [
    {
      description: "Local transport: Dubai Equestrian Club to Sharjah Equestrian Club, 1 horse",
      descriptionAr: "نقل محلي: من نادي دبي للفروسية إلى نادي الشارقة للفروسية، حصان واحد",
      quantity: 1,
      unitPriceFils: 37_714,
      vatRatePercent: 5,
    },
    {
      description: "Groom accompaniment",
      descriptionAr: "مرافقة سائس",
      quantity: 1,
      unitPriceFils: 25_000,
      vatRatePercent: 5,
    },
  ].slice(0, lines);
  const { totalFils } = invoiceTotals(invoiceLines);
  return {
    ...base,
    company: { ...base.company, ...DEMO_COMPANY },
    invoice: { ...base.invoice, lines: invoiceLines, totalFils, paidAt: new Date("2026-11-29T10:00:00Z") },
    payment: base.payment && {
      ...base.payment,
      feeFils: cardFeeFils(totalFils),
      amountFils: totalFils + cardFeeFils(totalFils),
    },
  };
}

/** `base` with `count` lines: its first line, then short ones of AED 900.00 each. */
function withLines(base: InvoicePdfInput, count: number): InvoicePdfInput {
  const [first] = base.invoice.lines;
  if (!first) throw new Error("the base invoice has no line");
  const lines = Array.from({ length: count }, (_, i) =>
    i === 0 ? first : { ...first, description: `Show transport, leg ${i + 1}`, quantity: 1 },
  );
  return { ...base, invoice: { ...base.invoice, lines, totalFils: invoiceTotals(lines).totalFils } };
}

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

  test("the supplier's name and address in English and, below each, in Arabic; its TRN in both", async () => {
    const lines = pdftotext(await renderInvoicePdf(input(false)), "supplier").split("\n");
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(at("Khayl Logistics")).toBe(0);
    expect(at("خيل للخدمات اللوجستية")).toBeGreaterThan(at("Khayl Logistics"));
    expect(at("Office 12, Dubai Investments Park, Dubai, UAE")).toBeGreaterThan(at("خيل للخدمات اللوجستية"));
    expect(at("مجمع دبي للاستثمار")).toBeGreaterThan(at("Office 12, Dubai Investments Park"));
    // pdftotext moves the commas beside the number (decision 018, Limits): the words are checked.
    for (const word of ["مكتب", "12", "مجمع دبي للاستثمار", "دبي", "الإمارات"]) {
      expect(lines[at("مجمع دبي للاستثمار")]).toContain(word);
    }
    // English and Arabic TRN on the line below the address.
    expect(lines[at("TRN: 100123456700003")]).toMatch(/الرقم الضريبي\s*100123456700003\s*:/);
    expect(at("TRN: 100123456700003")).toBe(at("مجمع دبي للاستثمار") + 1);
    // The footer still names the issuer by its registered name beside its TRN, in both languages.
    expect(lines.join(" ")).toMatch(/issued electronically by Khayl Logistics TRN 100123456700003/);
    expect(lines.join(" ")).toMatch(/إلكترونيا عن Khayl Logistics/);
  });

  test("a supplier configured only in English prints its name and address once", async () => {
    const english = input(true);
    for (const company of [
      { ...english.company, nameAr: undefined, addressAr: undefined },
      { ...english.company, nameAr: english.company.name, addressAr: english.company.address },
    ]) {
      const text = pdftotext(await renderInvoicePdf({ ...english, company }), "english-only");
      // Once at the head, once in each language's footer.
      expect(text.match(/Khayl Logistics/g)).toHaveLength(3);
      expect(text.match(/Office 12, Dubai Investments Park/g)).toHaveLength(1);
      expect(text).not.toContain("خيل للخدمات");
      expect(text).toContain("TRN: 100123456700003");
      expect(text).toContain("الرقم الضريبي");
    }
  });

  test("names and descriptions with letters Helvetica lacks print as typed (Polish, Turkish, an arrow)", async () => {
    const base = input(false, "Łukasz Wiśniewski-Şahin");
    const [first] = base.invoice.lines;
    if (!first) throw new Error("the base invoice has no line");
    const lines = [{ ...first, description: "Road transport DXB → AUH, Łódź" }];
    const text = pdftotext(await renderInvoicePdf({ ...base, invoice: { ...base.invoice, lines } }), "unicode-latin");
    // Helvetica wrote these as other letters ('V¶7¢Wi¶æ-Pwski', 'DXB !' AUH').
    expect(text).toContain("Łukasz Wiśniewski-Şahin");
    expect(text).toContain("Road transport DXB → AUH, Łódź");
    // What Helvetica can write stays in Helvetica: the amounts and labels read as before.
    expect(text).toContain("INV-2026-000104");
    expect(text).toContain("1,890.00");
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

  test("every page is numbered in both languages: 'Page N of M' and 'صفحة N من M'", async () => {
    expect(pageOf(2, 3)).toEqual({ en: "Page 2 of 3", ar: "صفحة 2 من 3" });
    const pages = pdftotext(await renderInvoicePdf(withLines(input(false), 14)), "numbered").split("\f");
    for (const [n, page] of [pages[0] ?? "", pages[1] ?? ""].entries()) {
      // pdftotext takes the line as left to right or right to left depending on the page, so
      // the Arabic's words and numbers are checked, not their order.
      const line = page.split("\n").find((l) => l.includes(`Page ${n + 1} of 2`)) ?? "";
      expect(line).toContain("صفحة");
      expect(line).toContain("من");
      expect(
        line
          .replace(`Page ${n + 1} of 2`, "")
          .match(/\d+/g)
          ?.sort(),
      ).toEqual([String(n + 1), "2"].sort());
    }
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

  test("a zero-rated export names its rate, 0%, in the VAT column, the VAT total and the footer", async () => {
    const zeroRated = input(false);
    zeroRated.invoice.lines = [
      { description: "Air export Dubai - Liege", quantity: 1, unitPriceFils: 1_200_000, vatRatePercent: 0 },
    ];
    zeroRated.invoice.totalFils = 1_200_000;
    const { text } = await pdfText(await renderInvoicePdf(zeroRated, { compress: false }));
    for (const expected of ["VAT 0% (AED)", "VAT (0%)", "VAT is charged at 0% per line"])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/VAT \(?5%/);
  });
});

test("control characters and bidirectional overrides in the invoice's data print as one line, not as glyphs", async () => {
  const odd = input(false, 'O\'Brien "Quote"\r\nSecond line\u0007');
  const first = odd.invoice.lines[0];
  if (!first) throw new Error("the base invoice has no line");
  odd.invoice.lines = [{ ...first, description: "Transport\u202E gnp.exe\tto Dubai" }];
  const { text } = await pdfText(await renderInvoicePdf(odd, { compress: false }));
  expect(text).toContain('O\'Brien "Quote" Second line');
  expect(text).toContain("Transport gnp.exe to Dubai");
  expect(text).not.toMatch(/[\p{Cc}\u202A-\u202E]/u);
});

test("a balanced isolate in the invoice's Arabic orders its code as written and prints no glyph of its own", async () => {
  // As the seed writes an Arabic show name: the isolate keeps the star at the code's right.
  const descriptionAr = "نقل إلى بطولة أبوظبي \u2066CDI3*\u2069 للترويض";
  expect(visualRuns(descriptionAr, "rtl")).toEqual([
    { text: " للترويض", rtl: true },
    { text: "CDI3*", rtl: false },
    { text: "نقل إلى بطولة أبوظبي ", rtl: true },
  ]);
  const odd = input(false);
  const first = odd.invoice.lines[0];
  if (!first) throw new Error("the base invoice has no line");
  odd.invoice.lines = [{ ...first, descriptionAr }];
  const { text } = await pdfText(await renderInvoicePdf(odd, { compress: false }));
  expect(text).toContain("CDI3*");
  expect(text).not.toMatch(/[\u2066-\u2069]/u);
});

describe("the invoice's pages, as PDF.js reads them", () => {
  test.each([1, 2] as const)(
    "a paid invoice with %i line(s) is one page in either language, with its totals, receipt and footer",
    async (lines) => {
      for (const language of ["en", "ar"] as const) {
        const { pages, text } = await pdfText(await renderInvoicePdf(paidLikeTheDemo(lines), { language }));
        expect(pages, language).toBe(1);
        for (const expected of [
          "Total (AED, VAT included)",
          "Payment received",
          "تم استلام الدفعة",
          "Amount paid",
          "المبلغ المدفوع",
          "All amounts are in UAE dirhams",
          "Page 1 of 1",
        ]) {
          expect(text, language).toContain(expected);
        }
      }
    },
  );

  test("an invoice too long for one page heads page 2 with the supplier (in both languages) and the invoice number, and numbers every page", async () => {
    for (const language of ["en", "ar"] as const) {
      const { pages, pageTexts } = await pdfText(await renderInvoicePdf(withLines(input(true), 14), { language }));
      expect(pages, language).toBe(2);
      const [first = "", second = ""] = pageTexts;
      expect(first, language).toContain("Page 1 of 2");
      // The top of the continuation page, then the lines table's header row again.
      expect(second, language).toMatch(
        /^Khayl Logistics خيل للخدمات اللوجستية INVOICE NUMBER INV-2026-000104 رقم الفاتورة Description /,
      );
      expect(second, language).toContain("Show transport, leg 14");
      expect(second, language).toContain("Payment received");
      expect(second, language).toContain("Page 2 of 2");
      // The footer only on the last page.
      expect(first, language).not.toContain("All amounts are in UAE dirhams");
      expect(second, language).toContain("All amounts are in UAE dirhams");
    }
  });
});
