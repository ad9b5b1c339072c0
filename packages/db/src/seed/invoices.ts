import { randomBytes } from "node:crypto";
import { type InvoiceLine, invoiceTotals, UAE_VAT_RATE_PERCENT } from "@khayl/contract/invoice-lines";
import { cardFeeFils, grossFils } from "@khayl/contract/money";
import { count, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { accounts, invoiceLinkTokenHash, invoices, payments } from "../schema.ts";
import { invoiceLineDescriptionAr } from "./invoices-ar.ts";

/** The demo invoices' customer (packages/db/src/seed/accounts.ts). */
const DEMO_INVOICE_CUSTOMER = "layla.haddad@example.com";

const DAY = 24 * 60 * 60_000;

interface DemoInvoice {
  refNumber: string;
  lines: InvoiceLine[];
  /** Days from the seed day to the due date (negative: overdue). */
  dueInDays: number;
  dueDisplay: string | null;
  /** Days before the seed day it was paid (sandbox card 4242); undefined: unpaid. */
  paidDaysAgo?: number;
}

const line = (description: string, quantity: number, unitPriceFils: number): InvoiceLine => ({
  description,
  descriptionAr: invoiceLineDescriptionAr(description),
  quantity,
  unitPriceFils,
  vatRatePercent: UAE_VAT_RATE_PERCENT,
});

/**
 * The showcase invoices: one of exactly AED 396.00 (product §9: the fee is then 6.94), one
 * due in 3 days and one overdue (their `dueDisplay` badges are computed when read; the
 * overdue one, a horse's air export, has a five-digit total: AED 30,397.50), and one
 * already paid.
 */
const showcase: DemoInvoice[] = [
  {
    refNumber: "INV-2026-000101",
    lines: [line("Local transport: Dubai Equestrian Club to Sharjah Equestrian Club, 1 horse", 1, 37_714)],
    dueInDays: 14,
    dueDisplay: null,
  },
  {
    refNumber: "INV-2026-000102",
    lines: [
      line("Show transport: Al Habtoor Polo Resort, return trip, per horse", 2, 45_000),
      line("Groom accompaniment", 1, 25_000),
    ],
    dueInDays: 3,
    dueDisplay: null, // the API shows "Due in 3 days" from the due date
  },
  {
    refNumber: "INV-2026-000103",
    lines: [
      line("Air shipping: export DXB to LGG, 1 horse, standard stall", 1, 2_850_000),
      line("Export health certificate and documents", 1, 45_000),
    ],
    dueInDays: -5,
    dueDisplay: null, // the API shows "Overdue" from the due date
  },
  {
    refNumber: "INV-2026-000104",
    lines: [line("Hospital transport: Sharjah Equine Hospital, 1 horse", 1, 180_000)],
    dueInDays: 10,
    dueDisplay: null,
    paidDaysAgo: 2,
  },
];

/** More unpaid invoices of different totals, so that every payment test pays its own invoice. */
const batch: DemoInvoice[] = Array.from({ length: 24 }, (_, i) => ({
  refNumber: `INV-2026-${String(201 + i).padStart(6, "0")}`,
  lines: [
    line(`Show transport: Emirates Equestrian Centre, leg ${i + 1}, per horse`, 1 + (i % 3), 30_000 + i * 2_575),
    ...(i % 2 === 0 ? [line("Stable bedding and hay for the journey", 1, 4_500 + i * 100)] : []),
  ],
  dueInDays: 7 + (i % 20),
  dueDisplay: null,
}));

/** Every demo invoice, the showcase first. */
const demoInvoices: readonly DemoInvoice[] = [...showcase, ...batch];

/** A new link token: 256 random bits, base64url (43 characters; architecture §3.8 asks ≥128). */
function newInvoiceLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Inserts the demo invoices for the demo customer when the invoices table is empty,
 * each with a random link token; the paid one also gets its successful sandbox payment.
 * Dates are relative to `now`. Answers the link data of the invoices it inserted (none
 * when the table had invoices), the showcase first: only the process that seeds them
 * learns their links, since the database keeps only each token's hash (architecture §3.8).
 */
export async function seedInvoices(db: Db, now: Date = new Date()): Promise<DemoInvoiceLink[]> {
  const [existing] = await db.select({ n: count() }).from(invoices);
  if (existing?.n !== 0) return [];
  const [customer] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, DEMO_INVOICE_CUSTOMER))
    .limit(1);
  return db.transaction(async (tx) => {
    const links: DemoInvoiceLink[] = [];
    for (const [i, demo] of demoInvoices.entries()) {
      const { totalFils } = invoiceTotals(demo.lines);
      const createdAt = new Date(now.getTime() - (20 - (i % 10)) * DAY);
      const paidAt = demo.paidDaysAgo === undefined ? null : new Date(now.getTime() - demo.paidDaysAgo * DAY);
      const hash = newInvoiceLinkToken();
      const [row] = await tx
        .insert(invoices)
        .values({
          refNumber: demo.refNumber,
          linkTokenHash: invoiceLinkTokenHash(hash),
          accountId: customer?.id ?? null,
          lines: demo.lines,
          totalFils,
          dueDate: new Date(now.getTime() + demo.dueInDays * DAY),
          dueDisplay: demo.dueDisplay,
          status: paidAt ? "paid" : "unpaid",
          paidAt,
          createdAt,
        })
        .onConflictDoNothing()
        .returning({
          id: invoices.id,
          refNumber: invoices.refNumber,
          status: invoices.status,
          totalFils: invoices.totalFils,
        });
      if (!row) continue; // an invoice with this reference exists already
      links.push({ refNumber: row.refNumber, status: row.status, totalFils: row.totalFils, hash });
      if (paidAt) {
        await tx.insert(payments).values({
          invoiceId: row.id,
          provider: "sandbox",
          providerPaymentId: `pi_sandbox_demo_${randomBytes(12).toString("hex")}`,
          idempotencyKey: `invoice:${row.id}:payment:1`,
          paymentMethod: "card",
          amountFils: grossFils(totalFils),
          feeFils: cardFeeFils(totalFils),
          status: "succeeded",
          cardBrand: "visa",
          cardLast4: "4242",
          createdAt: paidAt,
          updatedAt: paidAt,
        });
      }
    }
    return links;
  });
}

/** A demo invoice's link data: reference, status, total in fils and the link token. */
export interface DemoInvoiceLink {
  refNumber: string;
  status: string;
  totalFils: number;
  hash: string;
}
