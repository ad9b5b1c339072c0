import { isRouteErrorResponse } from "react-router";

/**
 * The router fallback's title (product §8). The screen may show before any catalogue has
 * loaded (the root loader failed), so it carries its strings in both languages.
 */
const unexpectedError = { en: "Unexpected Application Error!", ar: "حدث خطأ غير متوقع في التطبيق!" } as const;

/**
 * What the fallback says for the statuses a visitor can do something about: 503, a page
 * whose content the API could not give (product §4: try again later); 429, a client over
 * its budget of rendered pages (decision 022: wait a moment).
 */
const statusScreens: Record<number, Record<"en" | "ar", { title: string; text: string }>> = {
  503: {
    en: { title: "Temporarily unavailable", text: "This page cannot be read right now. Please try again later." },
    ar: { title: "غير متاح مؤقتًا", text: "تعذّرت قراءة هذه الصفحة الآن. يرجى المحاولة لاحقًا." },
  },
  429: {
    en: { title: "Too many requests", text: "Please wait a moment, then try again." },
    ar: { title: "طلبات كثيرة جدًا", text: "يرجى الانتظار قليلًا ثم المحاولة مرة أخرى." },
  },
};

/**
 * The reason phrase of the client-error statuses a page request can end in (a form body of
 * the wrong type or too large, a method the page does not take), in both languages: React
 * Router's own `statusText` of a thrown answer is English, and for these it says "Internal
 * Server Error".
 */
const statusTexts: Record<number, Record<"en" | "ar", string>> = {
  400: { en: "Bad Request", ar: "طلب غير صالح" },
  404: { en: "Not Found", ar: "غير موجود" },
  405: { en: "Method Not Allowed", ar: "الطريقة غير مسموح بها" },
  413: { en: "Payload Too Large", ar: "حجم الطلب كبير جدًا" },
  415: { en: "Unsupported Media Type", ar: "نوع المحتوى غير مدعوم" },
};

/**
 * What the fallback screen says for `error` in `language`: for a 503 or a 429 its title
 * and what to do (`statusScreens`); else 'Unexpected Application Error!' (product §2) and
 * the status with its reason phrase (`statusTexts`, else React Router's), or the error's
 * message. These texts live here, not in the catalogue: the screen shows when the root
 * loader, which loads the catalogue, did not run or threw.
 */
export function errorScreen(error: unknown, language: "en" | "ar"): { title: string; text: string } {
  if (!isRouteErrorResponse(error))
    return { title: unexpectedError[language], text: error instanceof Error ? error.message : String(error) };
  const screen = statusScreens[error.status]?.[language];
  if (screen) return screen;
  const reason = statusTexts[error.status]?.[language] ?? error.statusText;
  return { title: unexpectedError[language], text: `${error.status} ${reason}`.trim() };
}
