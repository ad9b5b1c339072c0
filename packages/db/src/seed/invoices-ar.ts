/**
 * Arabic counterpart of the demo invoice line descriptions in `invoices.ts` (product §9
 * invoice page): the fixed showcase lines and the generated "leg N" lines of the batch.
 * Airport codes and numbers stay in Latin letters and digits (decision 016).
 */

/** The fixed descriptions, by the English text. */
const fixedLinesAr: Record<string, string> = {
  "Local transport: Dubai Equestrian Club to Sharjah Equestrian Club, 1 horse":
    "نقل محلي: من نادي دبي للفروسية إلى نادي الشارقة للفروسية، حصان واحد",
  "Show transport: Al Habtoor Polo Resort, return trip, per horse":
    "نقل إلى البطولة: منتجع الحبتور للبولو، ذهابًا وإيابًا، لكل حصان",
  "Groom accompaniment": "مرافقة سائس",
  "Air shipping: export DXB to LGG, 1 horse, standard stall": "شحن جوي: تصدير من DXB إلى LGG، حصان واحد، حجرة عادية",
  "Export health certificate and documents": "الشهادة الصحية للتصدير والمستندات",
  "Hospital transport: Sharjah Equine Hospital, 1 horse": "نقل إلى المستشفى: مستشفى الشارقة للخيول، حصان واحد",
  "Stable bedding and hay for the journey": "فرشة الإسطبل والدريس للرحلة",
};

/** The batch's templated line: `Show transport: Emirates Equestrian Centre, leg ${n}, per horse`. */
const LEG_LINE = /^Show transport: Emirates Equestrian Centre, leg (\d+), per horse$/;

/**
 * Arabic description of a demo invoice line, given its English `description` exactly as
 * `invoices.ts` writes it; the "leg N" lines keep N in Latin digits.
 * @throws Error when the description is not one of the demo lines (add it here).
 */
export function invoiceLineDescriptionAr(english: string): string {
  const fixed = fixedLinesAr[english];
  if (fixed !== undefined) return fixed;
  const leg = LEG_LINE.exec(english);
  if (leg) return `نقل إلى البطولة: مركز الإمارات للفروسية، المرحلة ${leg[1]}، لكل حصان`;
  throw new Error(`no Arabic for the invoice line "${english}"`);
}
