/** English strings of /term-of-services and /privacy-policy (product §2 Terms and privacy). */
export const legal = {
  /** /term-of-services and /privacy-policy (product §2 Terms and privacy). */
  legal: {
    eyebrow: "Legal",
    termsTitle: "Terms and Conditions",
    termsDescription: (company: string) =>
      `The terms and conditions of the horse transport and shipping services of ${company}.`,
    privacyTitle: "Privacy Policy",
    privacyDescription: (company: string) => `How ${company} collects, uses and protects your personal data.`,
    updated: "Last updated",
    unavailable: "This document is not available at the moment. Please try again later.",
  },
};
