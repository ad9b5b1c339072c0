/**
 * English strings of the invoice page (product §4 Invoice page, §8 error catalogue; part of
 * the catalogue in ../en.ts). Spec texts are letter for letter.
 */
export const invoice = {
  invoice: {
    title: "Invoice",
    documentTitle: (refNumber: string) => `Invoice ${refNumber}`,
    description: (company: string) => `View, download and pay your ${company} invoice by card or Apple Pay.`,
    /** product §4: while loading. */
    loading: "Loading invoice...",
    /** product §4 / §8: the error view. */
    errorTitle: "Error",
    fetchFailed: "Failed to fetch invoice",
    goHome: "Go Home",
    heading: (refNumber: string) => `Invoice ${refNumber}`,
    billedTo: (name: string) => `Billed to ${name}`,
    stepsLabel: "Payment steps",
    stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
    stepNames: ["Summary", "Details", "Payment", "Done"] as const,

    // Step 1: summary.
    summaryTitle: "Invoice summary",
    total: "Total",
    invoiceId: "Invoice ID",
    dueDate: "Due date",
    paymentMethod: "Payment method",
    methods: { card: "Credit or Debit Card", "apple-pay": "Apple Pay" },
    feesNonRefundable: "Fees are non-refundable",
    download: "Download",
    downloadLabel: (refNumber: string) => `Download invoice ${refNumber} (PDF, opens in a new tab)`,
    downloading: "Downloading…",
    downloadFailed: "Failed to download PDF",
    next: "Next",

    // Step 2: details.
    detailsTitle: "Payment details",
    paymentType: "Payment type",
    invoiceAmount: "Invoice amount",
    otherFees: "Other Fees",
    feeExplanation: "Card fee: 1.5% of the total plus AED 1.00",
    grossAmount: "Gross Amount",
    back: "Back",
    pay: "Pay",

    // Step 3: payment.
    paymentTitle: "Payment",
    payingWith: "Paying with",
    preparing: "Preparing Payment...",
    processing: "Processing Payment...",
    cardDetails: "Card details",
    cardNumber: "Card number",
    expiry: "Expiry date (MM / YY)",
    cvc: "Security code (CVC)",
    country: "Billing country",
    selectCountry: "Select a country",
    countries: {
      UAE: "United Arab Emirates",
      US: "United States",
      GB: "United Kingdom",
      CA: "Canada",
      AU: "Australia",
      DE: "Germany",
      FR: "France",
      ES: "Spain",
    },
    applePayButton: "Pay with Apple Pay",
    payRequiresJs:
      "Paying needs JavaScript, which is turned off or still loading. You can download the invoice meanwhile.",
    downloadWithoutJs: "Download the invoice (PDF)",
    secureNote:
      "Your card details go straight to the payment provider; we keep only the card type and its last 4 digits.",
    retry: "Try again",

    /** Shown while the sandbox provider is in use (architecture §3.8: clearly marked as test mode). */
    testMode: {
      badge: "Test mode",
      title: "Test mode: no real payment is taken",
      cardsIntro: "Use one of these test cards with any future expiry date and any 3-digit CVC:",
      outcomes: {
        succeeded: "payment succeeds",
        card_declined: "card is declined",
        insufficient_funds: "fails for insufficient funds",
      },
      applePay: "Apple Pay is simulated in test mode: no card is charged.",
      applePayStripe: "Apple Pay runs in Stripe's test mode: no card is charged.",
    },

    /** product §8, letter for letter. */
    errors: {
      providerNotLoaded: "The card payment provider has not loaded yet. Please try again.",
      cardElementMissing: "Card element not found",
      cardFailed: "Payment failed. Please try again.",
      applePayFailed: "Apple Pay payment failed. Please try again.",
      applePayUnavailable: "Apple Pay is not available on this device. Please use a different payment method.",
      createMethodFailed: "Failed to create payment method",
      invalidMethod: "Invalid payment method created",
      notSuccessful: "Payment was not successful",
      unexpected: "An unexpected error occurred during payment processing",
    },

    // Step 4: success (and a paid invoice's link).
    successTitle: "Payment Success",
    successBody: "Payment received. You're all set!",
    paidBadge: "Paid",
    amount: "Amount",
    fees: "Fees",
    totalPaid: "Total paid",
    date: "Date",
    receipt: "Receipt",
    receiptLabel: (refNumber: string) => `Receipt for invoice ${refNumber} (PDF, opens in a new tab)`,
    home: "Home",
    cardEnding: (brand: string, last4: string) => `${brand} ending ${last4}`,
    brands: {
      visa: "Visa",
      mastercard: "Mastercard",
      amex: "American Express",
      discover: "Discover",
      diners: "Diners Club",
      jcb: "JCB",
      unionpay: "UnionPay",
    } as Record<string, string>,
  },
};
