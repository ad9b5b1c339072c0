import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The message catalogues (decision 016): one per area, so a page's loader sends only its
 * own strings. `core` holds what every page may show (navigation, footer, cards, the app
 * modal, share cards); each other area holds one page's or one flow's. A file used by two
 * areas is listed in both. `npm run i18n:extract` writes app/locales/<language>/<area>.po;
 * the Arabic `msgstr`s are written by hand (Modern Standard Arabic for the UAE).
 */
const area = (name: string, include: string[]) => ({
  path: `<rootDir>/app/locales/{locale}/${name}`,
  include: include.map((file) => (file.startsWith("<rootDir>") ? file : `<rootDir>/app/${file}`)),
});

/** The discipline names, which the API's alert mails show too (the contract's `discipline.*` ids). */
const disciplineNames = "<rootDir>/../../packages/contract/src/discipline-names.ts";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ar"],
  fallbackLocales: { default: "en" },
  // Origins without line numbers: an edit that moves a string in its file leaves the catalogues as they were.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    area("core", [
      "root.tsx",
      "lib/meta.ts",
      "routes/layouts/site.tsx",
      "components/site-nav.tsx",
      "components/site-footer.tsx",
      "components/language-switch.tsx",
      "components/store-buttons.tsx",
      "components/app-modal.tsx",
      "components/section-header.tsx",
      "components/card-grid.tsx",
      "components/event-card.tsx",
      "components/flight-card.tsx",
      "components/ui",
    ]),
    area("home", ["routes/home.tsx", "components/hero-cards.tsx"]),
    area("schedules", [
      "routes/transport.tsx",
      "routes/flights.tsx",
      disciplineNames,
      "components/calendar-feed.tsx",
      "components/alert-form.tsx",
      "components/mail-language-select.tsx",
    ]),
    area("trips", [
      "routes/show-detail.tsx",
      "routes/flight-detail.tsx",
      "components/trip-page.tsx",
      "components/detail-page.tsx",
      disciplineNames,
      "lib/calendar.server.ts",
      "lib/flight-title.ts",
      "components/whatsapp-link.tsx",
      "components/share-button.tsx",
      "components/alert-form.tsx",
      "components/mail-language-select.tsx",
    ]),
    area("alerts", [
      "routes/alerts.tsx",
      "routes/alert-confirm.tsx",
      "routes/alert-manage.tsx",
      "components/alert-page.tsx",
      // /alerts shows the form again after a refused sign-up.
      "components/alert-form.tsx",
      "components/mail-language-select.tsx",
      disciplineNames,
    ]),
    area("blogs", [
      "routes/blogs.tsx",
      "routes/blog-detail.tsx",
      "components/blog-card.tsx",
      "components/featured-blog-card.tsx",
      "components/detail-page.tsx",
      "components/share-button.tsx",
      "lib/content.server.ts",
    ]),
    area("about", ["routes/aboutus.tsx", "components/about-sections.tsx"]),
    area("product-app", ["routes/product-app.tsx", "components/carousel.tsx", "components/app-hero.tsx"]),
    area("legal", [
      "routes/privacy-policy.tsx",
      "routes/term-of-services.tsx",
      "components/legal-document.tsx",
      "lib/content.server.ts",
    ]),
    area("term-of-use", ["routes/term-of-use.tsx", "components/terms-of-use-sections.ts"]),
    area("release-note", ["routes/release-note.tsx", "lib/content.server.ts"]),
    area("release-logs", [
      "routes/release-logs.tsx",
      "components/app-hero.tsx",
      "components/image-with-spinner.tsx",
      "lib/content.server.ts",
    ]),
    area("qr", ["routes/qr.tsx"]),
    area("links", ["routes/links.tsx"]),
    area("contact", [
      "routes/contact-us.tsx",
      "components/contact-thanks.tsx",
      "components/form/error-summary.tsx",
      "components/lazy-phone-field.tsx",
      "components/whatsapp-link.tsx",
      "components/phone-field.tsx",
      "lib/contact-messages.ts",
      "lib/contact-options.ts",
      "lib/contact.server.ts",
    ]),
    area("account", [
      "routes/delete-account.tsx",
      "lib/account-deletion.server.ts",
      "components/deletion-steps.tsx",
      "routes/success.tsx",
      "components/otp-input.tsx",
      "lib/contact-messages.ts",
    ]),
    area("invoice", [
      "routes/invoice.tsx",
      "routes/invoice-pdf.ts",
      "routes/invoice-payment.ts",
      "components/invoice",
      "lib/invoice-payment.ts",
      "lib/invoice.server.ts",
    ]),
  ],
});
