import { askDeleteAccountMessage, invalidCodeMessage } from "@khayl/contract/account-deletion";
import { blogNotFoundMessage } from "@khayl/contract/blogs";
import { cardMessages } from "@khayl/contract/card-rules";
import { formMessages } from "@khayl/contract/contact-rules";
import { crossSiteRequestMessage } from "@khayl/contract/envelope";
import { eventNotFoundMessage } from "@khayl/contract/events";
import { invoiceMessages } from "@khayl/contract/invoices";
import { legalNotFoundMessage } from "@khayl/contract/legal";
import { selectiveServiceNotFoundMessage } from "@khayl/contract/selective-services";
import type { Language } from "./language.ts";

/**
 * The Arabic of every message the API answers with (decision 016): envelope messages of
 * successes and errors, validation messages (product §5, the same words as the website's
 * Arabic pages; a test compares them with the website's catalogues) and payment messages
 * (product §8), keyed by their English text, which the contract spells once. A test checks
 * that every message the contract names has its Arabic.
 */
export const arabicMessages: Readonly<Record<string, string>> = {
  // product §5: the contact form and the account-deletion flow.
  [formMessages.fullNameRequired]: "يُرجى إدخال الاسم الكامل",
  [formMessages.emailInvalid]: "يجب إدخال بريد إلكتروني صالح",
  [formMessages.emailRequired]: "يُرجى إدخال البريد الإلكتروني",
  [formMessages.phoneRequired]: "رقم الهاتف مطلوب",
  [formMessages.phoneInvalid]: "رقم الهاتف غير صالح. يُرجى استخدام الصيغة الدولية بحد أدنى 9 أرقام.",
  [formMessages.divisionRequired]: "يُرجى اختيار القسم",
  [formMessages.subjectRequired]: "يُرجى اختيار الموضوع",
  [formMessages.supportInquiryRequired]: "يُرجى كتابة استفسارك",
  [formMessages.otpRequired]: "مطلوب",
  [formMessages.otpInvalid]: "يجب أن يتكوّن رمز التحقق من 4 أرقام",
  [askDeleteAccountMessage]: "إذا كان هناك حساب مرتبط بهذا البريد الإلكتروني، فقد أُرسل إليه رمز تحقق",
  [invalidCodeMessage]: "رمز التحقق غير صحيح أو منتهي الصلاحية",
  "Your Account has been deleted successfully!!": "تم حذف حسابك بنجاح!!",
  "Support request submitted successfully": "تم إرسال طلب الدعم بنجاح",

  // Card payment (product §5, §8; the others in Stripe's words).
  [cardMessages.numberIncomplete]: "رقم البطاقة غير مكتمل.",
  [cardMessages.numberInvalid]: "رقم البطاقة غير صالح.",
  [cardMessages.expiryIncomplete]: "تاريخ انتهاء البطاقة غير مكتمل.",
  [cardMessages.expiryInvalid]: "شهر انتهاء البطاقة غير صالح.",
  [cardMessages.expiryPast]: "تاريخ انتهاء البطاقة قد مضى.",
  [cardMessages.cvcIncomplete]: "رمز أمان البطاقة غير مكتمل.",
  [cardMessages.cvcInvalid]: "رمز أمان البطاقة غير صالح.",
  [cardMessages.countryRequired]: "يُرجى اختيار الدولة",

  // Invoices and payments.
  [invoiceMessages.hashRequired]: "رابط الفاتورة مطلوب",
  [invoiceMessages.hashInvalid]: "رابط الفاتورة غير صالح",
  [invoiceMessages.notFound]: "الفاتورة غير موجودة",
  [invoiceMessages.fetched]: "تم جلب الفاتورة بنجاح",
  [invoiceMessages.alreadyPaid]: "تم دفع هذه الفاتورة من قبل",
  [invoiceMessages.paymentCreated]: "تم إنشاء الدفعة",
  [invoiceMessages.paymentConfirmed]: "تم استلام الدفعة",
  [invoiceMessages.paymentNotFound]: "الدفعة غير موجودة",
  [invoiceMessages.paymentNotSuccessful]: "لم تنجح عملية الدفع",
  [invoiceMessages.paymentMismatch]: "الدفعة لا تطابق هذه الفاتورة",
  [invoiceMessages.providerUnavailable]: "تعذّر الاتصال بمزوّد الدفع. يُرجى المحاولة مرة أخرى.",
  [invoiceMessages.sandboxOff]: "مزوّد الدفع التجريبي غير مستخدم",
  [invoiceMessages.intentNotFound]: "عملية الدفع هذه غير موجودة",
  [invoiceMessages.intentClientSecret]: "الرمز السري لا يطابق عملية الدفع هذه",
  [invoiceMessages.intentUnexpectedState]: "تمت عملية الدفع هذه بنجاح من قبل",
  [invoiceMessages.cardDeclined]: "تم رفض بطاقتك.",
  [invoiceMessages.insufficientFunds]: "رصيد بطاقتك غير كافٍ.",
  [invoiceMessages.tooManyAttempts]: "محاولات دفع كثيرة لهذه الفاتورة. يُرجى المحاولة لاحقًا.",
  [invoiceMessages.webhookNotConfigured]: "إشعارات Stripe غير مُعدّة",
  [invoiceMessages.webhookSignature]: "توقيع الإشعار غير صالح",
  [invoiceMessages.webhookReceived]: "تم استلام الإشعار",
  "Payment succeeded": "تمت عملية الدفع بنجاح",
  [invoiceMessages.paymentBeingPrepared]: "يجري تجهيز الدفع في نافذة أخرى. يُرجى المحاولة مرة أخرى.",

  // Content and configuration.
  [blogNotFoundMessage]: "المقال غير موجود.",
  [legalNotFoundMessage]: "المستند غير موجود.",
  "Blogs fetched successfully": "تم جلب المقالات بنجاح",
  "Blog fetched successfully": "تم جلب المقال بنجاح",
  "Document fetched successfully": "تم جلب المستند بنجاح",
  "Release notes fetched successfully": "تم جلب ملاحظات الإصدار بنجاح",
  "Release logs fetched successfully": "تم جلب سجلات الإصدارات بنجاح",
  "Events fetched successfully": "تم جلب البطولات بنجاح",
  "Selective services fetched successfully": "تم جلب الرحلات بنجاح",
  [eventNotFoundMessage]: "البطولة غير موجودة.",
  [selectiveServiceNotFoundMessage]: "الرحلة غير موجودة.",
  "Event fetched successfully": "تم جلب البطولة بنجاح",
  "Selective service fetched successfully": "تم جلب الرحلة بنجاح",
  "Configuration fetched successfully": "تم جلب الإعدادات بنجاح",
  OK: "تم",
  "Database unreachable": "تعذّر الوصول إلى قاعدة البيانات",

  // Requests the API cannot read or refuses.
  [crossSiteRequestMessage]: "الطلبات الواردة من مواقع أخرى غير مسموح بها",
  "Malformed request URL": "عنوان الطلب غير صالح",
  "Request body must be a JSON object": "يجب أن يكون محتوى الطلب كائن JSON",
  "Request body is too large": "حجم الطلب كبير جدًا",
  "Unsupported content type": "نوع المحتوى غير مدعوم",
  "Request body is not valid JSON": "محتوى الطلب ليس JSON صالحًا",
  "Internal server error": "خطأ داخلي في الخادم",
  "Service temporarily unavailable": "الخدمة غير متاحة مؤقتًا",
  "Invalid value": "قيمة غير صالحة",
};

const arabicPlural = new Intl.PluralRules("ar");

/** '{n} seconds' in Arabic, with Arabic's plural forms. */
function arabicSeconds(n: number): string {
  switch (arabicPlural.select(n)) {
    case "one":
      return "ثانية واحدة";
    case "two":
      return "ثانيتين";
    case "few":
      return `${n} ثوانٍ`;
    default:
      return `${n} ثانية`;
  }
}

/** '{n} minutes' in Arabic, with Arabic's plural forms. */
function arabicMinutes(n: number): string {
  switch (arabicPlural.select(n)) {
    case "one":
      return "دقيقة واحدة";
    case "two":
      return "دقيقتين";
    case "few":
      return `${n} دقائق`;
    default:
      return `${n} دقيقة`;
  }
}

/** Messages that carry a value, and their Arabic. */
const arabicPatterns: [RegExp, (...groups: string[]) => string][] = [
  [
    /^Too many requests, please try again in (\d+) seconds$/,
    (n) => `طلبات كثيرة، يُرجى المحاولة بعد ${arabicSeconds(Number(n))}`,
  ],
  [
    /^The contact form is receiving too many requests, please try again in (\d+) minutes?$/,
    (n) => `يتلقى نموذج التواصل طلبات كثيرة، يُرجى المحاولة بعد ${arabicMinutes(Number(n))}`,
  ],
  [
    /^Account deletion is paused after too many wrong verification codes, please try again in (\d+) minutes?$/,
    (n) => `حذف الحسابات متوقف مؤقتًا بعد إدخال رموز تحقق خاطئة كثيرة، يُرجى المحاولة بعد ${arabicMinutes(Number(n))}`,
  ],
  [/^Route ([A-Z]+):(.*) not found$/, (method, path) => `المسار ${method}:${path} غير موجود`],
  [/^(limit|offset|id) must be a number$/, (name) => `يجب أن تكون قيمة ${name} رقمًا`],
  [/^(limit|offset|id) must be a whole number$/, (name) => `يجب أن تكون قيمة ${name} عددًا صحيحًا`],
  [/^(limit) must be at least (\d+)$/, (name, n) => `يجب ألا تقل قيمة ${name} عن ${n}`],
  [/^(limit|offset) must be at most (\d+)$/, (name, n) => `يجب ألا تزيد قيمة ${name} على ${n}`],
  [/^offset must be 0 or more$/, () => "يجب ألا تقل قيمة offset عن 0"],
  [/^id must be a positive number$/, () => "يجب أن تكون قيمة id رقمًا موجبًا"],
  [/^id is too large$/, () => "قيمة id كبيرة جدًا"],
  [/^(\w+) must be true or false$/, (name) => `يجب أن تكون قيمة ${name} true أو false`],
  [/^(\w+) must be one of (.+)$/, (name, values) => `يجب أن تكون قيمة ${name} إحدى القيم: ${values}`],
  [/^type must be import or export$/, () => "يجب أن تكون قيمة type هي import أو export"],
  [/^paymentMethod must be card or apple-pay$/, () => "يجب أن تكون قيمة paymentMethod هي card أو apple-pay"],
  [/^eventDisciplines must be discipline ids$/, () => "يجب أن تكون قيمة eventDisciplines أرقام رياضات"],
];

/**
 * `message` in the request's language: English as it is; Arabic from `arabicMessages`, then
 * the patterns of messages that carry a value; a message the API does not know (a library's
 * own words) stays English.
 */
export function localizeMessage(message: string, language: Language): string {
  if (language !== "ar") return message;
  const exact = arabicMessages[message];
  if (exact !== undefined) return exact;
  for (const [pattern, arabic] of arabicPatterns) {
    const match = pattern.exec(message);
    if (match) return arabic(...match.slice(1));
  }
  return message;
}
